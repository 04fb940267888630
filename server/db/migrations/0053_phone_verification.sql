ALTER TABLE "identity_providers" ADD COLUMN "purpose" text DEFAULT 'sign-in' NOT NULL;--> statement-breakpoint
ALTER TABLE "identity_sign_ins" ADD COLUMN "verified_phone" text;--> statement-breakpoint
ALTER TABLE "identity_sign_ins" ADD COLUMN "proof_hash" text;--> statement-breakpoint
ALTER TABLE "identity_sign_ins" ADD COLUMN "proof_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "identity_sign_ins" ADD COLUMN "proof_used_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "identity_sign_ins_proof_uq" ON "identity_sign_ins" USING btree ("proof_hash");