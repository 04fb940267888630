DROP INDEX "originals_bets_seed_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "originals_bets_seed_nonce_uq" ON "originals_bets" USING btree ("seed_id","nonce");