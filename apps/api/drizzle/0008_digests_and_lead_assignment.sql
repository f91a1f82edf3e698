CREATE TABLE "lead_assignment" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"mode" text DEFAULT 'none' NOT NULL,
	"last_owner_id" integer,
	"version" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	CONSTRAINT "lead_assignment_single_row" CHECK ("lead_assignment"."id" = 1),
	CONSTRAINT "lead_assignment_mode_check" CHECK ("lead_assignment"."mode" in ('none', 'round_robin', 'by_product'))
);
--> statement-breakpoint
CREATE TABLE "product_owners" (
	"service_type_id" integer PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "task_digests" (
	"user_id" integer NOT NULL,
	"day" date NOT NULL,
	"task_count" integer NOT NULL,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "task_digests_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
ALTER TABLE "lead_assignment" ADD CONSTRAINT "lead_assignment_last_owner_id_users_id_fk" FOREIGN KEY ("last_owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_assignment" ADD CONSTRAINT "lead_assignment_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_owners" ADD CONSTRAINT "product_owners_service_type_id_service_types_id_fk" FOREIGN KEY ("service_type_id") REFERENCES "public"."service_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_owners" ADD CONSTRAINT "product_owners_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_digests" ADD CONSTRAINT "task_digests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "lead_assignment" ("id") VALUES (1) ON CONFLICT DO NOTHING;
