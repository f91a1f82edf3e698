ALTER TABLE "email_outbox" ALTER COLUMN "subject" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "payload" jsonb;--> statement-breakpoint
ALTER TABLE "email_outbox" DROP COLUMN "text_body";--> statement-breakpoint
ALTER TABLE "email_outbox" DROP COLUMN "html_body";