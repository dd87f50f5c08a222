CREATE TABLE "app"."settings" (
	"key" text PRIMARY KEY NOT NULL,
	"number_value" real,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app"."sign_in_failures" (
	"email" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"last_failure_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app"."upstream_calls" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "app"."upstream_calls_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer,
	"operation" text NOT NULL,
	"address_hash" text,
	"address_label" text,
	"outcome" text NOT NULL,
	"billable" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "upstream_calls_created" ON "app"."upstream_calls" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "upstream_calls_user" ON "app"."upstream_calls" USING btree ("user_id","created_at");