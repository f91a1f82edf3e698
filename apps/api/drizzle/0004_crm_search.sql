-- Accent- and case-insensitive search (issue 5): trigram indexes over unaccented, lower-cased text.
-- unaccent() is only STABLE (its dictionary could change), so an IMMUTABLE wrapper with a fixed
-- dictionary is what expression indexes can use.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE OR REPLACE FUNCTION f_unaccent(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;--> statement-breakpoint
ALTER TABLE "client_messages" ADD COLUMN "origin" text DEFAULT 'web' NOT NULL;--> statement-breakpoint
ALTER TABLE "client_messages" ADD COLUMN "created_by" integer;--> statement-breakpoint
ALTER TABLE "client_messages" ADD COLUMN "updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "client_messages" ADD COLUMN "replied_by" integer;--> statement-breakpoint
ALTER TABLE "client_messages" ADD COLUMN "rejection_reason" text;--> statement-breakpoint
ALTER TABLE "client_messages" ADD COLUMN "status_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "client_messages" ADD COLUMN "status_changed_by" integer;--> statement-breakpoint
ALTER TABLE "client_messages" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "last_message_at" timestamp with time zone;--> statement-breakpoint
UPDATE "clients" c SET "last_message_at" = (
  SELECT max(m."created_at") FROM "client_messages" m
   WHERE m."client_id" = c."id" AND cardinality(m."review_reasons") = 0);--> statement-breakpoint
ALTER TABLE "client_messages" ADD CONSTRAINT "client_messages_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_messages" ADD CONSTRAINT "client_messages_replied_by_users_id_fk" FOREIGN KEY ("replied_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_messages" ADD CONSTRAINT "client_messages_status_changed_by_users_id_fk" FOREIGN KEY ("status_changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_messages_search_trgm" ON "client_messages" USING gin (f_unaccent(lower(message)) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "client_messages_review_idx" ON "client_messages" USING btree ("created_at" DESC NULLS LAST) WHERE "client_messages"."review_reasons" <> '{}' and "client_messages"."reviewed_at" is null;--> statement-breakpoint
CREATE INDEX "client_messages_status_idx" ON "client_messages" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "client_messages_replied_at_idx" ON "client_messages" USING btree ("replied_at" DESC NULLS LAST) WHERE "client_messages"."replied_at" is not null;--> statement-breakpoint
CREATE INDEX "client_messages_status_changed_idx" ON "client_messages" USING btree ("status_changed_at" DESC NULLS LAST) WHERE "client_messages"."status_changed_at" is not null;--> statement-breakpoint
CREATE INDEX "clients_last_message_idx" ON "clients" USING btree ("last_message_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "clients"."last_message_at" is not null;--> statement-breakpoint
CREATE INDEX "clients_name_trgm" ON "clients" USING gin (f_unaccent(lower(first_name || ' ' || last_name)) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "clients_company_trgm" ON "clients" USING gin (f_unaccent(lower(company)) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "clients_email_trgm" ON "clients" USING gin ("email_key" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "clients_phone_trgm" ON "clients" USING gin ("phone" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "client_messages" ADD CONSTRAINT "client_messages_origin_check" CHECK ("client_messages"."origin" in ('web', 'personal'));