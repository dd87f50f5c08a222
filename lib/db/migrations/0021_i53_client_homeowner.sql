ALTER TABLE "app"."clients" ADD COLUMN "homeowner_id" integer;--> statement-breakpoint
ALTER TABLE "app"."clients" ADD CONSTRAINT "clients_homeowner_id_users_id_fk" FOREIGN KEY ("homeowner_id") REFERENCES "app"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "clients_homeowner" ON "app"."clients" USING btree ("homeowner_id","created_at");