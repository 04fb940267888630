ALTER TABLE "vendor_integrations" ADD COLUMN "trial_play" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "members_trial_idx" ON "members" USING btree ("created_at") WHERE user_type = 4;--> statement-breakpoint
-- A demo installation's demo provider (connected to a local port by the demo seed) takes trial players.
UPDATE "vendor_integrations" SET "trial_play" = true
WHERE "vendor_code" IN ('NOVA', 'LUXR', 'SUNL', 'GDKL', 'DEEP', 'DS88')
  AND "launch_url" ~ '^http://127\.0\.0\.1:[0-9]+/operator/launch$';
