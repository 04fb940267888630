ALTER TABLE "brands" ADD COLUMN "maintenance_starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "brands" ADD COLUMN "maintenance_ends_at" timestamp with time zone;