CREATE TABLE "lottery_bets" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"brand_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"draw_id" bigint NOT NULL,
	"game_id" integer NOT NULL,
	"chase_id" bigint,
	"request_id" text NOT NULL,
	"line" smallint NOT NULL,
	"bet_type" text NOT NULL,
	"selection" jsonb NOT NULL,
	"combos" integer NOT NULL,
	"unit" bigint NOT NULL,
	"multiplier" integer NOT NULL,
	"stake" bigint NOT NULL,
	"odds" jsonb NOT NULL,
	"payout" bigint DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'placed' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "lottery_chases" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"brand_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"game_id" integer NOT NULL,
	"draws" smallint NOT NULL,
	"stop_on_win" boolean NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lottery_draws" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"brand_id" integer NOT NULL,
	"game_id" integer NOT NULL,
	"number" text NOT NULL,
	"opens_at" timestamp with time zone NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"draws_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"seed_cipher" text NOT NULL,
	"seed_hash" text NOT NULL,
	"zodiac_of_one" smallint,
	"mix" text,
	"bet_count" integer,
	"server_seed" text,
	"result" jsonb,
	"drawn_at" timestamp with time zone,
	"settled_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text
);
--> statement-breakpoint
CREATE TABLE "lottery_games" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_id" integer NOT NULL,
	"code" text NOT NULL,
	"vendor_code" text NOT NULL,
	"family" text NOT NULL,
	"name_pt" text NOT NULL,
	"name_en" text NOT NULL,
	"interval_minutes" smallint,
	"daily_time" text,
	"time_zone" text,
	"close_seconds" integer NOT NULL,
	"max_chase" smallint DEFAULT 30 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"bet_types" jsonb NOT NULL,
	"sort" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "lottery_bets_request_uq" ON "lottery_bets" USING btree ("member_id","request_id","draw_id","line");--> statement-breakpoint
CREATE INDEX "lottery_bets_draw_idx" ON "lottery_bets" USING btree ("draw_id","status","id");--> statement-breakpoint
CREATE INDEX "lottery_bets_member_idx" ON "lottery_bets" USING btree ("member_id","id");--> statement-breakpoint
CREATE INDEX "lottery_bets_chase_idx" ON "lottery_bets" USING btree ("chase_id") WHERE chase_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX "lottery_chases_member_idx" ON "lottery_chases" USING btree ("member_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "lottery_draws_number_uq" ON "lottery_draws" USING btree ("game_id","number");--> statement-breakpoint
CREATE INDEX "lottery_draws_game_time_idx" ON "lottery_draws" USING btree ("game_id","draws_at");--> statement-breakpoint
CREATE INDEX "lottery_draws_due_idx" ON "lottery_draws" USING btree ("draws_at") WHERE status IN ('scheduled', 'open', 'closed', 'drawn');--> statement-breakpoint
CREATE UNIQUE INDEX "lottery_games_code_uq" ON "lottery_games" USING btree ("brand_id","code");