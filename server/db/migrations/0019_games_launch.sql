CREATE TABLE "favourite_games" (
	"member_id" integer NOT NULL,
	"game_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favourite_games_member_id_game_id_pk" PRIMARY KEY("member_id","game_id")
);
--> statement-breakpoint
CREATE TABLE "recent_games" (
	"member_id" integer NOT NULL,
	"game_id" integer NOT NULL,
	"launched_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recent_games_member_id_game_id_pk" PRIMARY KEY("member_id","game_id")
);
--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "status" text DEFAULT 'active' NOT NULL;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "sort_order" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "rtp" text;--> statement-breakpoint
ALTER TABLE "launch_tokens" ADD COLUMN "used_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "vendor_integrations" ADD COLUMN "launch_url" text;--> statement-breakpoint
ALTER TABLE "vendor_integrations" ADD COLUMN "mode" text DEFAULT 'seamless' NOT NULL;--> statement-breakpoint
ALTER TABLE "vendor_integrations" ADD COLUMN "currencies" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "vendor_integrations" ADD COLUMN "opens_in" text DEFAULT 'page' NOT NULL;--> statement-breakpoint
ALTER TABLE "vendor_integrations" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "vendor_rounds" ADD COLUMN "game_code" text;--> statement-breakpoint
ALTER TABLE "vendor_rounds" ADD COLUMN "stake" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "vendor_rounds" ADD COLUMN "payout" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "vendor_rounds" ADD COLUMN "refunded" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "vendor_rounds" ADD COLUMN "status" text DEFAULT 'open' NOT NULL;--> statement-breakpoint
ALTER TABLE "vendor_rounds" ADD COLUMN "settled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "favourite_games" ADD CONSTRAINT "favourite_games_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recent_games" ADD CONSTRAINT "recent_games_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "recent_games_member_idx" ON "recent_games" USING btree ("member_id","launched_at");--> statement-breakpoint
CREATE INDEX "vendor_rounds_member_idx" ON "vendor_rounds" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "vendor_rounds_brand_time_idx" ON "vendor_rounds" USING btree ("brand_id","created_at");