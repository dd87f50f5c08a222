CREATE TABLE "sandbox"."clock" (
	"id" integer PRIMARY KEY NOT NULL,
	"months" integer DEFAULT 0 NOT NULL,
	"advanced_at" timestamp with time zone DEFAULT now() NOT NULL
);
