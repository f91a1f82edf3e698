CREATE TABLE "price_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"price_item_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" integer,
	"actor_name" text NOT NULL,
	"old_price" numeric(18, 6),
	"new_price" numeric(18, 6) NOT NULL,
	"old_iva_percent" numeric(5, 2),
	"new_iva_percent" numeric(5, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "price_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"service_type_id" integer NOT NULL,
	"code" text NOT NULL,
	"size" numeric(12, 3) NOT NULL,
	"unit" text NOT NULL,
	"list_price" numeric(18, 6) NOT NULL,
	"iva_percent" numeric(5, 2) DEFAULT '15' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"version" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "price_items_size_check" CHECK ("price_items"."size" > 0),
	CONSTRAINT "price_items_unit_check" CHECK ("price_items"."unit" in ('L', 'ml', 'kg', 'g', 'unidad')),
	CONSTRAINT "price_items_price_check" CHECK ("price_items"."list_price" >= 0),
	CONSTRAINT "price_items_iva_check" CHECK ("price_items"."iva_percent" >= 0 and "price_items"."iva_percent" <= 100)
);
--> statement-breakpoint
CREATE TABLE "opportunity_service_types" (
	"opportunity_id" integer NOT NULL,
	"service_type_id" integer NOT NULL,
	"position" smallint NOT NULL,
	CONSTRAINT "opportunity_service_types_opportunity_id_service_type_id_pk" PRIMARY KEY("opportunity_id","service_type_id")
);
--> statement-breakpoint
CREATE TABLE "document_numbers" (
	"kind" text NOT NULL,
	"year" smallint NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "document_numbers_kind_year_pk" PRIMARY KEY("kind","year"),
	CONSTRAINT "document_numbers_kind_check" CHECK ("document_numbers"."kind" in ('COT', 'PED'))
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"price_item_id" integer NOT NULL,
	"description" text NOT NULL,
	"quantity" numeric(14, 2) NOT NULL,
	"unit_price" numeric(18, 6) NOT NULL,
	"discount_percent" numeric(5, 2) DEFAULT '0' NOT NULL,
	"iva_percent" numeric(5, 2) NOT NULL,
	"subtotal_cents" bigint NOT NULL,
	CONSTRAINT "order_lines_quantity_check" CHECK ("order_lines"."quantity" > 0),
	CONSTRAINT "order_lines_price_check" CHECK ("order_lines"."unit_price" >= 0),
	CONSTRAINT "order_lines_discount_check" CHECK ("order_lines"."discount_percent" >= 0 and "order_lines"."discount_percent" <= 100)
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"opportunity_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"company_id" integer,
	"quote_id" integer,
	"state" text DEFAULT 'confirmado' NOT NULL,
	"delivery_on" date,
	"payment_terms" text DEFAULT 'contado' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"gross_cents" bigint DEFAULT 0 NOT NULL,
	"discount_cents" bigint DEFAULT 0 NOT NULL,
	"subtotal_cents" bigint DEFAULT 0 NOT NULL,
	"iva_cents" bigint DEFAULT 0 NOT NULL,
	"total_cents" bigint DEFAULT 0 NOT NULL,
	"owner_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "orders_state_check" CHECK ("orders"."state" in ('confirmado', 'despachado', 'entregado', 'cancelado')),
	CONSTRAINT "orders_terms_check" CHECK ("orders"."payment_terms" in ('contado', 'credito_30', 'credito_60'))
);
--> statement-breakpoint
CREATE TABLE "quote_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"quote_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"price_item_id" integer NOT NULL,
	"description" text NOT NULL,
	"quantity" numeric(14, 2) NOT NULL,
	"unit_price" numeric(18, 6) NOT NULL,
	"discount_percent" numeric(5, 2) DEFAULT '0' NOT NULL,
	"iva_percent" numeric(5, 2) NOT NULL,
	"subtotal_cents" bigint NOT NULL,
	CONSTRAINT "quote_lines_quantity_check" CHECK ("quote_lines"."quantity" > 0),
	CONSTRAINT "quote_lines_price_check" CHECK ("quote_lines"."unit_price" >= 0),
	CONSTRAINT "quote_lines_discount_check" CHECK ("quote_lines"."discount_percent" >= 0 and "quote_lines"."discount_percent" <= 100)
);
--> statement-breakpoint
CREATE TABLE "quotes" (
	"id" serial PRIMARY KEY NOT NULL,
	"opportunity_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"company_id" integer,
	"number" text,
	"state" text DEFAULT 'borrador' NOT NULL,
	"valid_until" date NOT NULL,
	"payment_terms" text DEFAULT 'contado' NOT NULL,
	"delivery_notes" text DEFAULT '' NOT NULL,
	"gross_cents" bigint DEFAULT 0 NOT NULL,
	"discount_cents" bigint DEFAULT 0 NOT NULL,
	"subtotal_cents" bigint DEFAULT 0 NOT NULL,
	"iva_cents" bigint DEFAULT 0 NOT NULL,
	"total_cents" bigint DEFAULT 0 NOT NULL,
	"owner_id" integer,
	"owner_name" text NOT NULL,
	"link_key" text DEFAULT md5(gen_random_uuid()::text) NOT NULL,
	"issued_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"answered_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "quotes_state_check" CHECK ("quotes"."state" in ('borrador', 'enviada', 'aceptada', 'rechazada', 'vencida')),
	CONSTRAINT "quotes_terms_check" CHECK ("quotes"."payment_terms" in ('contado', 'credito_30', 'credito_60')),
	CONSTRAINT "quotes_number_check" CHECK (("quotes"."number" is null) = ("quotes"."state" = 'borrador'))
);
--> statement-breakpoint
ALTER TABLE "price_changes" ADD CONSTRAINT "price_changes_price_item_id_price_items_id_fk" FOREIGN KEY ("price_item_id") REFERENCES "public"."price_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_changes" ADD CONSTRAINT "price_changes_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_items" ADD CONSTRAINT "price_items_service_type_id_service_types_id_fk" FOREIGN KEY ("service_type_id") REFERENCES "public"."service_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_items" ADD CONSTRAINT "price_items_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opportunity_service_types" ADD CONSTRAINT "opportunity_service_types_opportunity_id_opportunities_id_fk" FOREIGN KEY ("opportunity_id") REFERENCES "public"."opportunities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opportunity_service_types" ADD CONSTRAINT "opportunity_service_types_service_type_id_service_types_id_fk" FOREIGN KEY ("service_type_id") REFERENCES "public"."service_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_price_item_id_price_items_id_fk" FOREIGN KEY ("price_item_id") REFERENCES "public"."price_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_opportunity_id_opportunities_id_fk" FOREIGN KEY ("opportunity_id") REFERENCES "public"."opportunities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_lines" ADD CONSTRAINT "quote_lines_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_lines" ADD CONSTRAINT "quote_lines_price_item_id_price_items_id_fk" FOREIGN KEY ("price_item_id") REFERENCES "public"."price_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_opportunity_id_opportunities_id_fk" FOREIGN KEY ("opportunity_id") REFERENCES "public"."opportunities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "price_changes_item_idx" ON "price_changes" USING btree ("price_item_id","at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "price_items_code_unique" ON "price_items" USING btree (lower("code"));--> statement-breakpoint
CREATE INDEX "price_items_service_idx" ON "price_items" USING btree ("service_type_id","size");--> statement-breakpoint
CREATE INDEX "opportunity_service_types_service_idx" ON "opportunity_service_types" USING btree ("service_type_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_lines_position_unique" ON "order_lines" USING btree ("order_id","position");--> statement-breakpoint
CREATE INDEX "order_lines_item_idx" ON "order_lines" USING btree ("price_item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_number_unique" ON "orders" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_quote_unique" ON "orders" USING btree ("quote_id");--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_state_idx" ON "orders" USING btree ("state","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_client_idx" ON "orders" USING btree ("client_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_company_idx" ON "orders" USING btree ("company_id","created_at" DESC NULLS LAST) WHERE "orders"."company_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "quote_lines_position_unique" ON "quote_lines" USING btree ("quote_id","position");--> statement-breakpoint
CREATE INDEX "quote_lines_item_idx" ON "quote_lines" USING btree ("price_item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "quotes_number_unique" ON "quotes" USING btree ("number");--> statement-breakpoint
CREATE INDEX "quotes_created_idx" ON "quotes" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "quotes_state_idx" ON "quotes" USING btree ("state","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "quotes_opportunity_idx" ON "quotes" USING btree ("opportunity_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "quotes_client_idx" ON "quotes" USING btree ("client_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "quotes_company_idx" ON "quotes" USING btree ("company_id","id" DESC NULLS LAST) WHERE "quotes"."company_id" is not null;