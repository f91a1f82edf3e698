CREATE TABLE "companies" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"ruc" text,
	"province" text DEFAULT '' NOT NULL,
	"canton" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"hectares" numeric(8, 2),
	"varieties" text DEFAULT '' NOT NULL,
	"stems_per_week" integer,
	"markets" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "companies_ruc_check" CHECK ("companies"."ruc" ~ '^[0-9]{13}$'),
	CONSTRAINT "companies_hectares_check" CHECK ("companies"."hectares" >= 0),
	CONSTRAINT "companies_stems_check" CHECK ("companies"."stems_per_week" >= 0)
);
--> statement-breakpoint
CREATE TABLE "opportunities" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"title" text NOT NULL,
	"owner_id" integer,
	"stage" text DEFAULT 'nuevo' NOT NULL,
	"stage_changed_at" timestamp with time zone,
	"lost_reason" text,
	"lost_note" text,
	"value_cents" bigint,
	"expected_close_on" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"version" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "opportunities_stage_check" CHECK ("opportunities"."stage" in ('nuevo', 'contactado', 'cotizacion', 'negociacion', 'ganado', 'perdido')),
	CONSTRAINT "opportunities_value_check" CHECK ("opportunities"."value_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "company_id" integer;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "opportunity_id" integer;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opportunities" ADD CONSTRAINT "opportunities_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opportunities" ADD CONSTRAINT "opportunities_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opportunities" ADD CONSTRAINT "opportunities_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "companies_ruc_unique" ON "companies" USING btree ("ruc");--> statement-breakpoint
CREATE INDEX "companies_name_idx" ON "companies" USING btree (f_unaccent(lower(name)),"id");--> statement-breakpoint
CREATE INDEX "companies_name_trgm" ON "companies" USING gin (f_unaccent(lower(name)) gin_trgm_ops) WITH (gin_pending_list_limit=256);--> statement-breakpoint
CREATE INDEX "opportunities_client_idx" ON "opportunities" USING btree ("client_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "opportunities_owner_idx" ON "opportunities" USING btree ("owner_id","stage");--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_opportunity_id_opportunities_id_fk" FOREIGN KEY ("opportunity_id") REFERENCES "public"."opportunities"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "clients_company_idx" ON "clients" USING btree ("company_id") WHERE "clients"."company_id" is not null;