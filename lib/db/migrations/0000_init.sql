CREATE SCHEMA "app";
--> statement-breakpoint
CREATE SCHEMA "sandbox";
--> statement-breakpoint
CREATE TABLE "sandbox"."owners" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sandbox"."owners_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"owner_token" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"address" text NOT NULL,
	"address_key" text NOT NULL,
	"property_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "owners_owner_token_unique" UNIQUE("owner_token")
);
--> statement-breakpoint
CREATE TABLE "app"."users" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "app"."users_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"role" text NOT NULL,
	"owner_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "owners_person_address" ON "sandbox"."owners" USING btree (lower("first_name"),lower("last_name"),"address_key");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email" ON "app"."users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_owner" ON "app"."users" USING btree ("owner_id");