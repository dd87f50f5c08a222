ALTER TABLE "app"."clients" ADD COLUMN "original_loan_amount" integer;--> statement-breakpoint
ALTER TABLE "app"."clients" ADD COLUMN "original_value" integer;--> statement-breakpoint
ALTER TABLE "app"."clients" ADD COLUMN "mortgage_insurance" boolean;--> statement-breakpoint
ALTER TABLE "app"."clients" ADD COLUMN "refresh_queued_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "app"."opportunities" ADD COLUMN "opened_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "app"."opportunities" ADD COLUMN "dismiss_reason" text;--> statement-breakpoint
ALTER TABLE "app"."opportunities" ADD COLUMN "dismissed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "app"."opportunities" ADD COLUMN "dismissed_figures" jsonb;--> statement-breakpoint
UPDATE "app"."opportunities" SET "opened_at" = "created_at";
