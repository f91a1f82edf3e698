ALTER TABLE "auth_sessions" ADD COLUMN "verified_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Sessions open before this release proved who they are when they signed in, not now.
UPDATE "auth_sessions" SET "verified_at" = "created_at";