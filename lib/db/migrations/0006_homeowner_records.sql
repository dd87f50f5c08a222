CREATE TABLE "app"."owner_figures" (
	"user_id" integer NOT NULL,
	"address_key" text NOT NULL,
	"condition" text,
	"loans" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app"."valuation_snapshots" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "app"."valuation_snapshots_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"address_key" text NOT NULL,
	"valuation_date" text NOT NULL,
	"value" integer NOT NULL,
	"low" integer NOT NULL,
	"high" integer NOT NULL,
	"confidence" real,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "app"."owner_figures" ADD CONSTRAINT "owner_figures_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "app"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "owner_figures_home" ON "app"."owner_figures" USING btree ("user_id","address_key");--> statement-breakpoint
CREATE UNIQUE INDEX "valuation_snapshots_home_date" ON "app"."valuation_snapshots" USING btree ("address_key","valuation_date");