CREATE TABLE "crash_bets" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"round_id" bigint NOT NULL,
	"brand_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"request_id" text NOT NULL,
	"stake" bigint NOT NULL,
	"auto_cashout" integer,
	"cashout_ms" integer,
	"multiplier" integer DEFAULT 0 NOT NULL,
	"payout" bigint DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"balance_before" bigint,
	"balance_after" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "crash_chains" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"brand_id" integer NOT NULL,
	"seed_cipher" text NOT NULL,
	"commitment" text NOT NULL,
	"salt" text NOT NULL,
	"length" integer NOT NULL,
	"next_index" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crash_rounds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"brand_id" integer NOT NULL,
	"chain_id" bigint NOT NULL,
	"index" integer NOT NULL,
	"hash" text NOT NULL,
	"bust" integer NOT NULL,
	"bust_ms" integer NOT NULL,
	"edge_bp" integer NOT NULL,
	"status" text DEFAULT 'betting' NOT NULL,
	"betting_ends_at" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone,
	"crashed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "crash_bets_round_member_uq" ON "crash_bets" USING btree ("round_id","member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "crash_bets_request_uq" ON "crash_bets" USING btree ("member_id","request_id");--> statement-breakpoint
CREATE INDEX "crash_bets_round_status_idx" ON "crash_bets" USING btree ("round_id","status");--> statement-breakpoint
CREATE INDEX "crash_bets_member_idx" ON "crash_bets" USING btree ("member_id","id");--> statement-breakpoint
CREATE INDEX "crash_chains_brand_idx" ON "crash_chains" USING btree ("brand_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "crash_rounds_chain_index_uq" ON "crash_rounds" USING btree ("chain_id","index");--> statement-breakpoint
CREATE INDEX "crash_rounds_brand_idx" ON "crash_rounds" USING btree ("brand_id","id");