CREATE TABLE "app"."audit_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "app"."audit_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone NOT NULL,
	"action" text NOT NULL,
	"outcome" text NOT NULL,
	"actor_ref" text,
	"actor_role" text,
	"partner_site_id" integer,
	"subject_ref" text,
	"owner_id" text,
	"property_id" text,
	"address" text,
	"address_key" text,
	"detail" jsonb,
	"request_id" text,
	"actor_id" integer,
	"actor_email" text,
	"ip" text,
	"pii_salt" text,
	"pii_digest" text NOT NULL,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "app"."users" ADD COLUMN "last_sign_in_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "app"."users" ADD COLUMN "retention_warned_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "audit_events_at" ON "app"."audit_events" USING btree ("at");--> statement-breakpoint
CREATE INDEX "audit_events_actor" ON "app"."audit_events" USING btree ("actor_id","id");--> statement-breakpoint
CREATE INDEX "audit_events_address" ON "app"."audit_events" USING btree ("address_key","id");--> statement-breakpoint
CREATE INDEX "audit_events_owner" ON "app"."audit_events" USING btree ("owner_id","id");--> statement-breakpoint
CREATE INDEX "audit_events_action" ON "app"."audit_events" USING btree ("action","id");