CREATE TABLE "client_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pendiente' NOT NULL,
	"reply" text,
	"replied_at" timestamp with time zone,
	"consent_given" boolean DEFAULT false NOT NULL,
	"consent_at" timestamp with time zone,
	"privacy_notice_version" text,
	"review_reasons" text[] DEFAULT '{}'::text[] NOT NULL,
	"fill_time_ms" integer,
	"source" jsonb,
	"ip" text,
	"user_agent" text,
	"idempotency_key" text,
	"request_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "client_messages_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "client_messages_status_check" CHECK ("client_messages"."status" in ('pendiente', 'respondido', 'rechazado'))
);
--> statement-breakpoint
CREATE TABLE "clients" (
	"id" serial PRIMARY KEY NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"email_key" text GENERATED ALWAYS AS (lower(email)) STORED NOT NULL,
	"country_code" text NOT NULL,
	"phone" text NOT NULL,
	"company" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"message_id" bigint,
	"to_address" text NOT NULL,
	"reply_to" text,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "email_outbox_status_check" CHECK ("email_outbox"."status" in ('pending', 'sending', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "message_service_types" (
	"message_id" bigint NOT NULL,
	"service_type_id" integer NOT NULL,
	"position" smallint NOT NULL,
	CONSTRAINT "message_service_types_message_id_service_type_id_pk" PRIMARY KEY("message_id","service_type_id")
);
--> statement-breakpoint
ALTER TABLE "client_messages" ADD CONSTRAINT "client_messages_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_message_id_client_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."client_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_service_types" ADD CONSTRAINT "message_service_types_message_id_client_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."client_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_service_types" ADD CONSTRAINT "message_service_types_service_type_id_service_types_id_fk" FOREIGN KEY ("service_type_id") REFERENCES "public"."service_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_messages_created_at_idx" ON "client_messages" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "client_messages_client_idx" ON "client_messages" USING btree ("client_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "clients_email_key_unique" ON "clients" USING btree ("email_key");--> statement-breakpoint
CREATE INDEX "email_outbox_due_idx" ON "email_outbox" USING btree ("next_attempt_at") WHERE "email_outbox"."status" in ('pending', 'sending');--> statement-breakpoint
CREATE INDEX "email_outbox_message_idx" ON "email_outbox" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "message_service_types_service_idx" ON "message_service_types" USING btree ("service_type_id");