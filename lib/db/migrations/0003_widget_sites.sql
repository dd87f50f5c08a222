CREATE TABLE "app"."partner_token_uses" (
	"jti" text PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app"."widget_sites" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "app"."widget_sites_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"site_key" text NOT NULL,
	"secret_encrypted" text NOT NULL,
	"allowed_origins" text[] NOT NULL,
	"daily_budget" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "widget_sites_site_key_unique" UNIQUE("site_key")
);
--> statement-breakpoint
ALTER TABLE "app"."upstream_calls" ADD COLUMN "site_id" integer;--> statement-breakpoint
ALTER TABLE "app"."users" ADD COLUMN "partner_site_id" integer;--> statement-breakpoint
ALTER TABLE "app"."users" ADD COLUMN "partner_member_id" text;--> statement-breakpoint
CREATE INDEX "upstream_calls_site" ON "app"."upstream_calls" USING btree ("site_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_partner_member" ON "app"."users" USING btree ("partner_site_id","partner_member_id");