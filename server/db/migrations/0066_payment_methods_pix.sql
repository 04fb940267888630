ALTER TABLE "deposits" ADD COLUMN "pix" jsonb;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD COLUMN "provider" text;