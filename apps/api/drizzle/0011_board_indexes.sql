DROP INDEX "client_service_types_client_idx";--> statement-breakpoint
CREATE INDEX "clients_stage_id_idx" ON "clients" USING btree ("stage","id","won_value_cents") WHERE "clients"."last_message_at" is not null;--> statement-breakpoint
CREATE INDEX "client_service_types_client_idx" ON "client_service_types" USING btree ("client_id","service_type_id");