CREATE TABLE "inbound_emails" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"mailbox" text NOT NULL,
	"uid_validity" bigint NOT NULL,
	"uid" bigint NOT NULL,
	"email_message_id" text,
	"from_address" text,
	"subject" text,
	"size" integer,
	"outcome" text NOT NULL,
	"reason" text,
	"message_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inbound_emails_outcome_check" CHECK ("inbound_emails"."outcome" in ('imported', 'auto_reply', 'bounce', 'set_aside'))
);
--> statement-breakpoint
CREATE TABLE "leases" (
	"name" text PRIMARY KEY NOT NULL,
	"holder" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "message_attachments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"message_id" bigint NOT NULL,
	"filename" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"content" "bytea",
	"skipped_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reply_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"body" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reply_templates_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "whatsapp_clicks" (
	"day" date NOT NULL,
	"product" text NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "whatsapp_clicks_day_product_pk" PRIMARY KEY("day","product")
);
--> statement-breakpoint
ALTER TABLE "client_messages" DROP CONSTRAINT "client_messages_origin_check";--> statement-breakpoint
ALTER TABLE "email_outbox" DROP CONSTRAINT "email_outbox_status_check";--> statement-breakpoint
ALTER TABLE "client_messages" ADD COLUMN "reply_channel" text;--> statement-breakpoint
ALTER TABLE "client_messages" ADD COLUMN "email_message_id" text;--> statement-breakpoint
ALTER TABLE "client_messages" ADD COLUMN "subject" text;--> statement-breakpoint
ALTER TABLE "client_messages" ADD COLUMN "quoted_text" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "reply_token" text DEFAULT substr(md5(gen_random_uuid()::text), 1, 16) NOT NULL;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "smtp_response" text;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "message_key" text DEFAULT gen_random_uuid()::text NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "job_title" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "whatsapp" text;--> statement-breakpoint
ALTER TABLE "inbound_emails" ADD CONSTRAINT "inbound_emails_message_id_client_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."client_messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_attachments" ADD CONSTRAINT "message_attachments_message_id_client_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."client_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reply_templates" ADD CONSTRAINT "reply_templates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "inbound_emails_uid_unique" ON "inbound_emails" USING btree ("mailbox","uid_validity","uid");--> statement-breakpoint
CREATE INDEX "inbound_emails_message_id_idx" ON "inbound_emails" USING btree ("email_message_id") WHERE "inbound_emails"."email_message_id" is not null;--> statement-breakpoint
CREATE INDEX "message_attachments_message_idx" ON "message_attachments" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "client_messages_email_message_id_idx" ON "client_messages" USING btree ("email_message_id") WHERE "client_messages"."email_message_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "clients_reply_token_unique" ON "clients" USING btree ("reply_token");--> statement-breakpoint
CREATE UNIQUE INDEX "email_outbox_message_key_unique" ON "email_outbox" USING btree ("message_key");--> statement-breakpoint
ALTER TABLE "client_messages" ADD CONSTRAINT "client_messages_reply_channel_check" CHECK ("client_messages"."reply_channel" in ('email', 'whatsapp'));--> statement-breakpoint
ALTER TABLE "client_messages" ADD CONSTRAINT "client_messages_origin_check" CHECK ("client_messages"."origin" in ('web', 'personal', 'email'));--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_status_check" CHECK ("email_outbox"."status" in ('pending', 'sending', 'sent', 'failed', 'bounced'));--> statement-breakpoint
-- Every reply stored before this migration went out by email.
UPDATE "client_messages" SET "reply_channel" = 'email' WHERE "reply" IS NOT NULL;