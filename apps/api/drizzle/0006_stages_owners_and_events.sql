CREATE TABLE "contact_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"kind" text NOT NULL,
	"actor_id" integer,
	"actor_name" text,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "owner_id" integer;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "stage" text DEFAULT 'nuevo' NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "stage_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "lost_reason" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "lost_note" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "won_value_cents" bigint;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_events" ADD CONSTRAINT "contact_events_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_events" ADD CONSTRAINT "contact_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_events_client_idx" ON "contact_events" USING btree ("client_id","at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "clients_stage_idx" ON "clients" USING btree ("stage","last_message_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "clients"."last_message_at" is not null;--> statement-breakpoint
CREATE INDEX "clients_owner_idx" ON "clients" USING btree ("owner_id","last_message_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "clients"."last_message_at" is not null;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_stage_check" CHECK ("clients"."stage" in ('nuevo', 'contactado', 'cotizacion', 'negociacion', 'ganado', 'perdido'));