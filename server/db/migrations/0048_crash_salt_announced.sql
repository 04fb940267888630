ALTER TABLE "crash_chains" ADD COLUMN "salt_announced_at" timestamp with time zone;--> statement-breakpoint
-- Chains salted before sources were announced: their salt was chosen when they were made.
UPDATE "crash_chains" SET "salt_announced_at" = "created_at" WHERE "salt" IS NOT NULL;
