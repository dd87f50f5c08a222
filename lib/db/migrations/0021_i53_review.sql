ALTER TABLE "app"."clients" ADD COLUMN "homeowner_id" integer;--> statement-breakpoint
ALTER TABLE "app"."clients" ADD COLUMN "homeowner_linked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "app"."leads" ADD COLUMN "held_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "app"."clients" ADD CONSTRAINT "clients_homeowner_id_users_id_fk" FOREIGN KEY ("homeowner_id") REFERENCES "app"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "clients_homeowner" ON "app"."clients" USING btree ("homeowner_id","homeowner_linked_at");--> statement-breakpoint
-- Existing homeowners keep the officer they have: the client entry the email-only rule chose for each (the first
-- listed) is their link, from when it was made. From now on only an entry at a home they proved links.
UPDATE "app"."clients" AS "c" SET "homeowner_id" = "u"."id", "homeowner_linked_at" = "c"."created_at"
FROM "app"."users" AS "u"
WHERE "u"."role" = 'homeowner' AND lower("c"."email") = lower("u"."email")
  AND "c"."id" = (
    SELECT "first"."id" FROM "app"."clients" AS "first"
    WHERE lower("first"."email") = lower("u"."email")
    ORDER BY "first"."created_at", "first"."id" LIMIT 1
  );
