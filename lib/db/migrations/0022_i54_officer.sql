CREATE TABLE "app"."client_figures" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "app"."client_figures_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"client_id" integer NOT NULL,
	"value" integer NOT NULL,
	"balance" integer NOT NULL,
	"refreshed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app"."client_notes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "app"."client_notes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"client_id" integer NOT NULL,
	"author_id" integer,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "app"."users" ADD COLUMN "alerts_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "app"."clients" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "app"."clients" ADD COLUMN "term_months" integer;--> statement-breakpoint
ALTER TABLE "app"."opportunities" ADD COLUMN "worth" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "app"."opportunities" ADD COLUMN "best" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "app"."opportunities" ADD COLUMN "baseline" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "app"."organization_profile" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "app"."organization_profile" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "app"."organization_profile" ADD COLUMN "default_officer_chosen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "app"."client_figures" ADD CONSTRAINT "client_figures_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "app"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app"."client_notes" ADD CONSTRAINT "client_notes_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "app"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app"."client_notes" ADD CONSTRAINT "client_notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "app"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_figures_client" ON "app"."client_figures" USING btree ("client_id","refreshed_at");--> statement-breakpoint
CREATE INDEX "client_notes_client" ON "app"."client_notes" USING btree ("client_id","created_at");--> statement-breakpoint
-- What was found before alerts had a "since you last looked" is the starting list: staff have seen it now.
UPDATE "app"."users" SET "alerts_seen_at" = now() WHERE "role" <> 'homeowner';--> statement-breakpoint
-- The figures of each client's last refresh are the first point of their home's history.
INSERT INTO "app"."client_figures" ("client_id", "value", "balance", "refreshed_at")
SELECT "id", "value", "balance", "refreshed_at" FROM "app"."clients"
WHERE "refreshed_at" IS NOT NULL AND "value" IS NOT NULL AND "balance" IS NOT NULL;
--> statement-breakpoint
-- A default officer an admin set before this is their choice.
UPDATE "app"."organization_profile" SET "default_officer_chosen_at" = now() WHERE "default_officer_id" IS NOT NULL;
