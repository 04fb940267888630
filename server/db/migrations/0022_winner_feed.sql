ALTER TABLE "winner_board" ADD COLUMN "round_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "winner_board_round_uq" ON "winner_board" USING btree ("brand_id","vendor_code","round_key");