CREATE INDEX "clients_unlisted_idx" ON "clients" USING btree ("id") WHERE "clients"."last_message_at" is null;--> statement-breakpoint
CREATE INDEX "opportunities_counts_idx" ON "opportunities" USING btree ("stage","owner_id","value_cents");--> statement-breakpoint
CREATE INDEX "opportunities_stage_client_idx" ON "opportunities" USING btree ("stage","client_id","value_cents");