CREATE TABLE "lottery_draw_leaves" (
	"draw_id" bigint PRIMARY KEY NOT NULL,
	"leaves" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lottery_bets" ADD COLUMN "salt" text;--> statement-breakpoint
ALTER TABLE "lottery_bets" ADD COLUMN "leaf" text;--> statement-breakpoint
ALTER TABLE "lottery_draws" ADD COLUMN "mix_scheme" smallint;--> statement-breakpoint
-- Draws closed before leaves existed keep the mix they were drawn with, by member (docs/lottery.md).
UPDATE "lottery_draws" SET "mix_scheme" = 1 WHERE "mix" IS NOT NULL;--> statement-breakpoint
-- Lines waiting on draws not closed yet get a salt and their leaf (src/lottery/verify.ts), so every draw
-- closed from now on publishes its lines.
UPDATE "lottery_bets" b SET "salt" = replace(gen_random_uuid()::text, '-', '')
FROM "lottery_draws" d
WHERE d.id = b.draw_id AND d.status IN ('scheduled', 'open') AND b.salt IS NULL;--> statement-breakpoint
UPDATE "lottery_bets" b SET "leaf" = encode(sha256(convert_to('lottery-line/v2:' || g.code || ':' || d.number
  || ':' || b.salt || ':' || b.bet_type || ':' || replace(b.selection::text, ' ', '') || ':' || b.unit || ':'
  || b.multiplier, 'UTF8')), 'hex')
FROM "lottery_draws" d JOIN "lottery_games" g ON g.id = d.game_id
WHERE d.id = b.draw_id AND b.salt IS NOT NULL AND b.leaf IS NULL;
