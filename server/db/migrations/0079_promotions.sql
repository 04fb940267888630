CREATE TABLE "bonuses" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"entry_id" integer,
	"promotion_id" integer,
	"amount" bigint NOT NULL,
	"requirement" bigint NOT NULL,
	"weights" jsonb NOT NULL,
	"min_sports_odds" integer NOT NULL,
	"max_stake" bigint,
	"status" text DEFAULT 'active' NOT NULL,
	"counted" bigint DEFAULT 0 NOT NULL,
	"granted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"released" bigint
);
--> statement-breakpoint
CREATE TABLE "promotion_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_id" integer NOT NULL,
	"promotion_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"status" text NOT NULL,
	"amount" bigint,
	"deposit_id" bigint,
	"deposit_amount" bigint,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"earned_at" timestamp with time zone,
	"claim_by" timestamp with time zone,
	"claimed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promotion_rules" (
	"promotion_id" integer PRIMARY KEY NOT NULL,
	"brand_id" integer NOT NULL,
	"rule" jsonb NOT NULL,
	"budget" bigint,
	"reserved" bigint DEFAULT 0 NOT NULL,
	"request_id" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotion_rules_budget_ck" CHECK (budget IS NULL OR reserved <= budget)
);
--> statement-breakpoint
ALTER TABLE "bonuses" ADD CONSTRAINT "bonuses_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonuses" ADD CONSTRAINT "bonuses_entry_id_promotion_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."promotion_entries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_entries" ADD CONSTRAINT "promotion_entries_promotion_id_promotion_rules_promotion_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotion_rules"("promotion_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_entries" ADD CONSTRAINT "promotion_entries_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_rules" ADD CONSTRAINT "promotion_rules_promotion_id_announcements_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."announcements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_rules" ADD CONSTRAINT "promotion_rules_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bonuses_one_active_uq" ON "bonuses" USING btree ("member_id") WHERE status = 'active';--> statement-breakpoint
CREATE INDEX "bonuses_member_idx" ON "bonuses" USING btree ("member_id","id");--> statement-breakpoint
CREATE INDEX "bonuses_active_idx" ON "bonuses" USING btree ("brand_id","expires_at") WHERE status = 'active';--> statement-breakpoint
CREATE UNIQUE INDEX "promotion_entries_member_uq" ON "promotion_entries" USING btree ("promotion_id","member_id");--> statement-breakpoint
CREATE INDEX "promotion_entries_member_idx" ON "promotion_entries" USING btree ("member_id","status");--> statement-breakpoint
CREATE INDEX "promotion_entries_claimable_idx" ON "promotion_entries" USING btree ("claim_by") WHERE status = 'claimable';--> statement-breakpoint
CREATE INDEX "promotion_rules_brand_idx" ON "promotion_rules" USING btree ("brand_id");