CREATE TABLE "originals_bets" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"brand_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"request_id" text NOT NULL,
	"game" text NOT NULL,
	"seed_id" bigint NOT NULL,
	"nonce" integer NOT NULL,
	"stake" bigint NOT NULL,
	"payout" bigint DEFAULT 0 NOT NULL,
	"multiplier" bigint DEFAULT 0 NOT NULL,
	"params" jsonb NOT NULL,
	"outcome" jsonb NOT NULL,
	"revealed" smallint[] DEFAULT '{}'::smallint[] NOT NULL,
	"status" text NOT NULL,
	"balance_before" bigint,
	"balance_after" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "originals_seeds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"brand_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"server_seed" text NOT NULL,
	"server_seed_hash" text NOT NULL,
	"client_seed" text NOT NULL,
	"nonce" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revealed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "originals_settings" (
	"brand_id" integer NOT NULL,
	"game" text NOT NULL,
	"currency" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"edge_bp" integer NOT NULL,
	"min_bet" bigint NOT NULL,
	"max_bet" bigint NOT NULL,
	"max_win" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "originals_settings_brand_id_game_currency_pk" PRIMARY KEY("brand_id","game","currency")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "originals_bets_request_uq" ON "originals_bets" USING btree ("member_id","request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "originals_bets_open_uq" ON "originals_bets" USING btree ("member_id","game") WHERE status = 'open';--> statement-breakpoint
CREATE INDEX "originals_bets_member_game_idx" ON "originals_bets" USING btree ("member_id","game","id");--> statement-breakpoint
CREATE INDEX "originals_bets_brand_game_idx" ON "originals_bets" USING btree ("brand_id","game","id");--> statement-breakpoint
CREATE INDEX "originals_bets_seed_idx" ON "originals_bets" USING btree ("seed_id","nonce");--> statement-breakpoint
CREATE UNIQUE INDEX "originals_seeds_active_uq" ON "originals_seeds" USING btree ("member_id") WHERE revealed_at IS NULL;--> statement-breakpoint
CREATE INDEX "originals_seeds_member_idx" ON "originals_seeds" USING btree ("member_id","id");