CREATE TABLE "sports_bet_legs" (
	"bet_id" bigint NOT NULL,
	"leg_no" smallint NOT NULL,
	"fixture_id" bigint NOT NULL,
	"market_id" bigint NOT NULL,
	"outcome_key" text NOT NULL,
	"price" integer NOT NULL,
	"market_version" integer NOT NULL,
	"live" boolean DEFAULT false NOT NULL,
	"f_win" integer,
	"f_void" integer,
	"f_den" integer,
	CONSTRAINT "sports_bet_legs_bet_id_leg_no_pk" PRIMARY KEY("bet_id","leg_no")
);
--> statement-breakpoint
CREATE TABLE "sports_bets" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"brand_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"request_id" text NOT NULL,
	"slip_index" smallint DEFAULT 0 NOT NULL,
	"vendor_code" text NOT NULL,
	"kind" text NOT NULL,
	"system" text,
	"lines" integer DEFAULT 1 NOT NULL,
	"unit_stake" bigint NOT NULL,
	"stake" bigint NOT NULL,
	"open_stake" bigint NOT NULL,
	"potential_payout" bigint NOT NULL,
	"liability" bigint DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"payout" bigint DEFAULT 0 NOT NULL,
	"cashed_out" bigint DEFAULT 0 NOT NULL,
	"owed" bigint DEFAULT 0 NOT NULL,
	"settle_version" integer DEFAULT 0 NOT NULL,
	"accept" text DEFAULT 'none' NOT NULL,
	"reject_reason" text,
	"accepts_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "sports_bets_status_ck" CHECK ("sports_bets"."status" IN ('pending', 'open', 'won', 'lost', 'void', 'cashed_out', 'rejected')),
	CONSTRAINT "sports_bets_stake_ck" CHECK ("sports_bets"."open_stake" >= 0 AND "sports_bets"."open_stake" <= "sports_bets"."stake")
);
--> statement-breakpoint
CREATE TABLE "sports_cashouts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"bet_id" bigint NOT NULL,
	"member_id" integer NOT NULL,
	"request_id" text NOT NULL,
	"quote_nonce" text NOT NULL,
	"share" integer NOT NULL,
	"stake_part" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sports_competitions" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_id" integer NOT NULL,
	"sport" text NOT NULL,
	"code" text NOT NULL,
	"name_pt" text NOT NULL,
	"name_en" text NOT NULL,
	"country" text,
	"priority" integer DEFAULT 100 NOT NULL,
	"margin_bp" integer DEFAULT 600 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"source" text DEFAULT 'operator' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sports_exposure" (
	"scope" text NOT NULL,
	"ref" bigint NOT NULL,
	"member_id" integer DEFAULT 0 NOT NULL,
	"outcome_key" text DEFAULT '' NOT NULL,
	"brand_id" integer NOT NULL,
	"liability" bigint DEFAULT 0 NOT NULL,
	"stake" bigint DEFAULT 0 NOT NULL,
	"bets" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "sports_exposure_scope_ref_member_id_outcome_key_pk" PRIMARY KEY("scope","ref","member_id","outcome_key")
);
--> statement-breakpoint
CREATE TABLE "sports_fixtures" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"brand_id" integer NOT NULL,
	"competition_id" integer NOT NULL,
	"sport" text NOT NULL,
	"source" text NOT NULL,
	"external_id" text,
	"home" text NOT NULL,
	"away" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"best_of" smallint,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"suspended" boolean DEFAULT false NOT NULL,
	"live" jsonb,
	"result" jsonb,
	"result_version" integer DEFAULT 0 NOT NULL,
	"sim" jsonb,
	"void_reason" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sports_fixtures_status_ck" CHECK ("sports_fixtures"."status" IN ('scheduled', 'live', 'ended', 'cancelled', 'abandoned'))
);
--> statement-breakpoint
CREATE TABLE "sports_limits" (
	"brand_id" integer NOT NULL,
	"sport" text NOT NULL,
	"min_stake" bigint NOT NULL,
	"max_stake" bigint NOT NULL,
	"max_payout" bigint NOT NULL,
	"market_liability" bigint NOT NULL,
	"event_liability" bigint NOT NULL,
	"member_event_liability" bigint NOT NULL,
	"bet_delay_ms" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sports_limits_brand_id_sport_pk" PRIMARY KEY("brand_id","sport")
);
--> statement-breakpoint
CREATE TABLE "sports_markets" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"fixture_id" bigint NOT NULL,
	"brand_id" integer NOT NULL,
	"spec" jsonb NOT NULL,
	"spec_key" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"prices" jsonb NOT NULL,
	"factors" jsonb,
	"void_reason" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sports_markets_status_ck" CHECK ("sports_markets"."status" IN ('open', 'suspended', 'closed', 'settled', 'void'))
);
--> statement-breakpoint
CREATE TABLE "sports_settlements" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"brand_id" integer NOT NULL,
	"fixture_id" bigint NOT NULL,
	"market_id" bigint,
	"action" text NOT NULL,
	"result_version" integer NOT NULL,
	"bets" integer DEFAULT 0 NOT NULL,
	"paid" bigint DEFAULT 0 NOT NULL,
	"clawed_back" bigint DEFAULT 0 NOT NULL,
	"operator_id" integer,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sports_bet_legs" ADD CONSTRAINT "sports_bet_legs_bet_id_sports_bets_id_fk" FOREIGN KEY ("bet_id") REFERENCES "public"."sports_bets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sports_cashouts" ADD CONSTRAINT "sports_cashouts_bet_id_sports_bets_id_fk" FOREIGN KEY ("bet_id") REFERENCES "public"."sports_bets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sports_competitions" ADD CONSTRAINT "sports_competitions_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sports_fixtures" ADD CONSTRAINT "sports_fixtures_competition_id_sports_competitions_id_fk" FOREIGN KEY ("competition_id") REFERENCES "public"."sports_competitions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sports_limits" ADD CONSTRAINT "sports_limits_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sports_markets" ADD CONSTRAINT "sports_markets_fixture_id_sports_fixtures_id_fk" FOREIGN KEY ("fixture_id") REFERENCES "public"."sports_fixtures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sports_bet_legs_market_idx" ON "sports_bet_legs" USING btree ("market_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sports_bets_request_uq" ON "sports_bets" USING btree ("member_id","request_id","slip_index");--> statement-breakpoint
CREATE INDEX "sports_bets_member_idx" ON "sports_bets" USING btree ("member_id","id");--> statement-breakpoint
CREATE INDEX "sports_bets_pending_idx" ON "sports_bets" USING btree ("accepts_at") WHERE "sports_bets"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "sports_cashouts_request_uq" ON "sports_cashouts" USING btree ("member_id","request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sports_cashouts_quote_uq" ON "sports_cashouts" USING btree ("quote_nonce");--> statement-breakpoint
CREATE INDEX "sports_cashouts_bet_idx" ON "sports_cashouts" USING btree ("bet_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sports_competitions_code_uq" ON "sports_competitions" USING btree ("brand_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "sports_fixtures_external_uq" ON "sports_fixtures" USING btree ("brand_id","source","external_id");--> statement-breakpoint
CREATE INDEX "sports_fixtures_board_idx" ON "sports_fixtures" USING btree ("brand_id","status","starts_at");--> statement-breakpoint
CREATE INDEX "sports_fixtures_competition_idx" ON "sports_fixtures" USING btree ("competition_id","starts_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sports_markets_spec_uq" ON "sports_markets" USING btree ("fixture_id","spec_key");--> statement-breakpoint
CREATE INDEX "sports_settlements_fixture_idx" ON "sports_settlements" USING btree ("brand_id","fixture_id","id");