CREATE TABLE "app"."recent_applicants" (
	"user_id" integer NOT NULL,
	"address_key" text NOT NULL,
	"address" text NOT NULL,
	"applicant" text NOT NULL,
	"looked_up_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recent_applicants_user_id_address_key_pk" PRIMARY KEY("user_id","address_key")
);
--> statement-breakpoint
ALTER TABLE "app"."recent_applicants" ADD CONSTRAINT "recent_applicants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "app"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "recent_applicants_user" ON "app"."recent_applicants" USING btree ("user_id","looked_up_at");--> statement-breakpoint
CREATE INDEX "recent_applicants_at" ON "app"."recent_applicants" USING btree ("looked_up_at");