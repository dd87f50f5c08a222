CREATE TABLE "app"."clients" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "app"."clients_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"officer_id" integer NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"person_key" text NOT NULL,
	"email" text,
	"address" text NOT NULL,
	"address_key" text NOT NULL,
	"loan_balance" integer,
	"note_rate" real,
	"loan_type" text,
	"closing_date" text,
	"invitation_id" integer,
	"value" integer,
	"balance" integer,
	"ltv" real,
	"available_equity" integer,
	"previous_value" integer,
	"refreshed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app"."opportunities" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "app"."opportunities_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"client_id" integer NOT NULL,
	"kind" text NOT NULL,
	"reason" text NOT NULL,
	"figures" jsonb NOT NULL,
	"amount" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "app"."clients" ADD CONSTRAINT "clients_officer_id_users_id_fk" FOREIGN KEY ("officer_id") REFERENCES "app"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app"."clients" ADD CONSTRAINT "clients_invitation_id_invitations_id_fk" FOREIGN KEY ("invitation_id") REFERENCES "app"."invitations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app"."opportunities" ADD CONSTRAINT "opportunities_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "app"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "clients_person_home" ON "app"."clients" USING btree ("officer_id","person_key","address_key");--> statement-breakpoint
CREATE INDEX "clients_officer" ON "app"."clients" USING btree ("officer_id","last_name");--> statement-breakpoint
CREATE UNIQUE INDEX "opportunities_live" ON "app"."opportunities" USING btree ("client_id","kind") WHERE "app"."opportunities"."status" <> 'closed';--> statement-breakpoint
CREATE INDEX "opportunities_status" ON "app"."opportunities" USING btree ("status","amount");