ALTER TABLE "app"."users" ADD COLUMN "locale" text;--> statement-breakpoint
ALTER TABLE "app"."invitations" ADD COLUMN "locale" text DEFAULT 'en' NOT NULL;