CREATE TABLE "app"."api_tokens" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "app"."api_tokens_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"scopes" text[] NOT NULL,
	"token_hash" text NOT NULL,
	"prefix" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app"."leads" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "app"."leads_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"officer_id" integer,
	"homeowner_id" integer,
	"source" text NOT NULL,
	"kind" text NOT NULL,
	"property_id" integer,
	"address" text,
	"name" text,
	"email" text,
	"message" text,
	"phone" text,
	"best_time" text,
	"time_zone" text,
	"consent" jsonb,
	"scenario" jsonb,
	"site_id" integer,
	"status" text DEFAULT 'new' NOT NULL,
	"status_changed_by" integer,
	"status_changed_at" timestamp with time zone,
	"notified_at" timestamp with time zone,
	"day" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app"."officer_profiles" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"display_name" text,
	"title" text,
	"photo" "bytea",
	"photo_updated_at" timestamp with time zone,
	"phone" text,
	"email" text,
	"booking_url" text,
	"nmls_id" text,
	"lead_mail" text DEFAULT 'each' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app"."organization_profile" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"company_name" text,
	"nmls_id" text,
	"logo" "bytea",
	"logo_updated_at" timestamp with time zone,
	"equal_housing_statement" text,
	"default_officer_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app"."report_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"lead_id" integer NOT NULL,
	"address" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app"."webhook_deliveries" (
	"id" text PRIMARY KEY NOT NULL,
	"endpoint_id" integer NOT NULL,
	"event_type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_attempt_at" timestamp with time zone,
	"next_attempt_at" timestamp with time zone,
	"response_status" integer,
	"response_summary" text,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app"."webhook_endpoints" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "app"."webhook_endpoints_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"url" text NOT NULL,
	"description" text,
	"events" text[] NOT NULL,
	"secret_sealed" text NOT NULL,
	"previous_secret_sealed" text,
	"previous_secret_until" timestamp with time zone,
	"enabled" boolean DEFAULT true NOT NULL,
	"disabled_reason" text,
	"failing_since" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "app"."users" ADD COLUMN "officer_id" integer;--> statement-breakpoint
ALTER TABLE "app"."widget_sites" ADD COLUMN "officer_id" integer;--> statement-breakpoint
ALTER TABLE "app"."api_tokens" ADD CONSTRAINT "api_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "app"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app"."leads" ADD CONSTRAINT "leads_officer_id_users_id_fk" FOREIGN KEY ("officer_id") REFERENCES "app"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app"."leads" ADD CONSTRAINT "leads_homeowner_id_users_id_fk" FOREIGN KEY ("homeowner_id") REFERENCES "app"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app"."leads" ADD CONSTRAINT "leads_status_changed_by_users_id_fk" FOREIGN KEY ("status_changed_by") REFERENCES "app"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app"."officer_profiles" ADD CONSTRAINT "officer_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "app"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app"."organization_profile" ADD CONSTRAINT "organization_profile_default_officer_id_users_id_fk" FOREIGN KEY ("default_officer_id") REFERENCES "app"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app"."report_links" ADD CONSTRAINT "report_links_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "app"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app"."webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_endpoint_id_webhook_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "app"."webhook_endpoints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app"."webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "app"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_tokens_hash" ON "app"."api_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "api_tokens_user" ON "app"."api_tokens" USING btree ("user_id") WHERE "app"."api_tokens"."revoked_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "leads_once_a_day" ON "app"."leads" USING btree ("homeowner_id","kind","day");--> statement-breakpoint
CREATE INDEX "leads_officer" ON "app"."leads" USING btree ("officer_id","created_at");--> statement-breakpoint
CREATE INDEX "leads_status" ON "app"."leads" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_endpoint" ON "app"."webhook_deliveries" USING btree ("endpoint_id","created_at");