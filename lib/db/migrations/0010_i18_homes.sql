CREATE TABLE "app"."account_owners" (
	"owner_id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"proof" text NOT NULL,
	"verified_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "app"."account_owners" ADD CONSTRAINT "account_owners_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "app"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_owners_user" ON "app"."account_owners" USING btree ("user_id","verified_at");--> statement-breakpoint
-- Every proved link moves to the new table as it was (owner record, account, proof, when); the old columns go after.
INSERT INTO "app"."account_owners" ("owner_id", "user_id", "proof", "verified_at")
	SELECT "owner_id", "id", "owner_proof", coalesce("owner_verified_at", now()) FROM "app"."users"
	WHERE "owner_id" IS NOT NULL AND "owner_proof" IS NOT NULL;--> statement-breakpoint
DROP INDEX "app"."users_owner";--> statement-breakpoint
ALTER TABLE "app"."users" DROP COLUMN "owner_id";--> statement-breakpoint
ALTER TABLE "app"."users" DROP COLUMN "owner_verified_at";--> statement-breakpoint
ALTER TABLE "app"."users" DROP COLUMN "owner_proof";--> statement-breakpoint
-- Claims were one per account (keyed by the account): now one per account and home, so existing claims all fit.
ALTER TABLE "app"."ownership_claims" DROP CONSTRAINT "ownership_claims_pkey";--> statement-breakpoint
ALTER TABLE "app"."ownership_claims" ADD CONSTRAINT "ownership_claims_user_id_address_key_pk" PRIMARY KEY("user_id","address_key");
