DROP INDEX "opportunities_owner_idx";--> statement-breakpoint
ALTER TABLE "opportunities" ADD COLUMN "activity_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "opportunities_stage_idx" ON "opportunities" USING btree ("stage","activity_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "opportunities_owner_idx" ON "opportunities" USING btree ("owner_id","stage","activity_at" DESC NULLS LAST,"id" DESC NULLS LAST);