CREATE TABLE "app"."client_refreshes" (
	"client_id" integer NOT NULL,
	"period" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done" boolean DEFAULT false NOT NULL,
	CONSTRAINT "client_refreshes_client_id_period_pk" PRIMARY KEY("client_id","period")
);
--> statement-breakpoint
ALTER TABLE "app"."client_refreshes" ADD CONSTRAINT "client_refreshes_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "app"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_refreshes_period" ON "app"."client_refreshes" USING btree ("period");