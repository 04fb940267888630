ALTER TABLE "brands" ALTER COLUMN "rebate_rates" SET DEFAULT '{"LOTT":100,"ELOTT":100,"PVP":0,"FISH":100,"RNG":120,"LIVE":80,"SPORTS":100,"ESPORTS":100,"INHOUSE":10}'::jsonb;
--> statement-breakpoint
UPDATE "brands" SET "rebate_rates" = "rebate_rates" || '{"INHOUSE": 10}'::jsonb WHERE NOT ("rebate_rates" ? 'INHOUSE');
