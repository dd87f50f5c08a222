ALTER TABLE "app"."clients" ADD COLUMN "homeowner_id" integer;--> statement-breakpoint
ALTER TABLE "app"."clients" ADD COLUMN "homeowner_linked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "app"."leads" ADD COLUMN "held_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "app"."clients" ADD CONSTRAINT "clients_homeowner_id_users_id_fk" FOREIGN KEY ("homeowner_id") REFERENCES "app"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "clients_homeowner" ON "app"."clients" USING btree ("homeowner_id","homeowner_linked_at");