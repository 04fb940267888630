ALTER TABLE "crash_chains" ALTER COLUMN "salt" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "crash_rounds" ALTER COLUMN "hash" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "crash_rounds" ALTER COLUMN "bust" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "crash_rounds" ALTER COLUMN "bust_ms" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "originals_seeds" ALTER COLUMN "server_seed" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "crash_bets" ADD COLUMN "max_win" bigint;--> statement-breakpoint
ALTER TABLE "crash_chains" ADD COLUMN "salt_source" text;--> statement-breakpoint
ALTER TABLE "crash_chains" ADD COLUMN "salt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "crash_rounds" ADD COLUMN "outcome_cipher" text;--> statement-breakpoint
ALTER TABLE "originals_seeds" ADD COLUMN "server_seed_cipher" text;--> statement-breakpoint
ALTER TABLE "originals_seeds" ADD COLUMN "next_seed_cipher" text;--> statement-breakpoint
ALTER TABLE "originals_seeds" ADD COLUMN "next_seed_hash" text;--> statement-breakpoint
-- Chains made before the salt came from an announced source: their salt was set when they were made.
UPDATE "crash_chains" SET "salt_at" = "created_at" WHERE "salt" IS NOT NULL;
