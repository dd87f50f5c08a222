CREATE TABLE "app"."email_verifications" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"email" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app"."audit_dead_letters" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "app"."audit_dead_letters_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"action" text NOT NULL,
	"payload" text NOT NULL,
	"error" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "app"."sessions" ADD COLUMN "factor_held" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "app"."sessions" ADD COLUMN "password_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "app"."sessions" ADD COLUMN "oidc_refresh_token" text;--> statement-breakpoint
ALTER TABLE "app"."sessions" ADD COLUMN "oidc_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "app"."users" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "app"."users" ADD COLUMN "factor_failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "app"."users" ADD COLUMN "factor_locked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "app"."audit_events" ADD COLUMN "key_id" text;--> statement-breakpoint
ALTER TABLE "app"."email_verifications" ADD CONSTRAINT "email_verifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "app"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_verifications_user" ON "app"."email_verifications" USING btree ("user_id");--> statement-breakpoint
-- Staff accounts are made by an admin, who vouches for their email; homeowners prove theirs from now on.
UPDATE "app"."users" SET "email_verified_at" = "created_at" WHERE "role" <> 'homeowner';
--> statement-breakpoint
-- An invitation accepted was mailed to the account's email: that proved it (and the demo homeowner is the operator's).
UPDATE "app"."users" SET "email_verified_at" = "created_at" WHERE "email_verified_at" IS NULL AND "id" IN (SELECT "user_id" FROM "app"."account_owners" WHERE "proof" IN ('invitation', 'demo'));
