ALTER TABLE "member_daily" ADD COLUMN "open_rounds" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "member_daily_open_idx" ON "member_daily" USING btree ("brand_id","day") WHERE open_rounds > 0;--> statement-breakpoint
CREATE INDEX "deposits_credited_idx" ON "deposits" USING btree ("brand_id","updated_at") WHERE status = 'credited';--> statement-breakpoint
CREATE INDEX "withdrawals_paid_idx" ON "withdrawals" USING btree ("brand_id","decided_at") WHERE status = 'paid';