CREATE TABLE "contact_confirmations" (
	"address_key" text PRIMARY KEY NOT NULL,
	"queued_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "client_messages" ADD COLUMN "submitted_details" jsonb;