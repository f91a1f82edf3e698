CREATE INDEX "client_messages_waiting_idx" ON "client_messages" USING btree ("created_at","client_id") WHERE "client_messages"."status" = 'pendiente' and ("client_messages"."review_reasons" = '{}' or "client_messages"."reviewed_at" is not null);--> statement-breakpoint
CREATE INDEX "clients_pipeline_counts_idx" ON "clients" USING btree ("stage","owner_id","won_value_cents") WHERE "clients"."last_message_at" is not null;--> statement-breakpoint
CREATE INDEX "clients_created_idx" ON "clients" USING btree ("created_at","stage") WHERE "clients"."last_message_at" is not null;--> statement-breakpoint
CREATE INDEX "contact_events_stage_at_idx" ON "contact_events" USING btree ("at") WHERE "contact_events"."kind" = 'stage_changed';--> statement-breakpoint
CREATE INDEX "contact_events_won_idx" ON "contact_events" USING btree ("client_id","at") WHERE "contact_events"."kind" = 'stage_changed' and "contact_events"."data"->>'to' = 'ganado' and "contact_events"."data"->>'from' is distinct from 'ganado';--> statement-breakpoint
CREATE INDEX "tasks_open_due_idx" ON "tasks" USING btree ("due_at","id") WHERE "tasks"."done_at" is null;--> statement-breakpoint
-- A phone search's estimate follows ANALYZE's sample: at the default the planner misjudged '%4567%' 25-fold and walked the list instead of clients_phone_trgm (bench/crm).
ALTER TABLE "clients" ALTER COLUMN "phone" SET STATISTICS 1000;
