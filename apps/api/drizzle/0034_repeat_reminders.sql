CREATE TABLE "repeat_reminders" (
	"buyer_key" text PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"expected_on" date NOT NULL,
	"gap_days" integer NOT NULL,
	"orders_counted" integer NOT NULL,
	"remind_on" date NOT NULL,
	"task_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "repeat_reminders" ADD CONSTRAINT "repeat_reminders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repeat_reminders" ADD CONSTRAINT "repeat_reminders_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "repeat_reminders_order_idx" ON "repeat_reminders" USING btree ("order_id");