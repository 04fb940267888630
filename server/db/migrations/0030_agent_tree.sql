CREATE TABLE "agent_rollups" (
	"brand_id" integer PRIMARY KEY NOT NULL,
	"ran_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_daily" (
	"brand_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"day" date NOT NULL,
	"rounds" integer DEFAULT 0 NOT NULL,
	"stake" bigint DEFAULT 0 NOT NULL,
	"valid_bet" bigint DEFAULT 0 NOT NULL,
	"payout" bigint DEFAULT 0 NOT NULL,
	"profit" bigint DEFAULT 0 NOT NULL,
	"deposits" bigint DEFAULT 0 NOT NULL,
	"deposit_count" integer DEFAULT 0 NOT NULL,
	"withdrawals" bigint DEFAULT 0 NOT NULL,
	"withdrawal_count" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_daily_member_id_day_pk" PRIMARY KEY("member_id","day")
);
--> statement-breakpoint
CREATE TABLE "member_tree" (
	"ancestor_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"depth" smallint NOT NULL,
	"joined_at" timestamp with time zone NOT NULL,
	CONSTRAINT "member_tree_ancestor_id_member_id_pk" PRIMARY KEY("ancestor_id","member_id")
);
--> statement-breakpoint
ALTER TABLE "brands" ADD COLUMN "time_zone" text DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
ALTER TABLE "member_daily" ADD CONSTRAINT "member_daily_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_tree" ADD CONSTRAINT "member_tree_ancestor_id_members_id_fk" FOREIGN KEY ("ancestor_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_tree" ADD CONSTRAINT "member_tree_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_daily_brand_day_idx" ON "member_daily" USING btree ("brand_id","day");--> statement-breakpoint
CREATE INDEX "member_tree_member_idx" ON "member_tree" USING btree ("member_id","depth");--> statement-breakpoint
-- Every member made before the tree was kept: itself, then each upline as far as the parents go.
INSERT INTO "member_tree" ("ancestor_id", "member_id", "depth", "joined_at")
WITH RECURSIVE up AS (
  SELECT id AS member_id, id AS ancestor_id, parent_id, 0 AS depth, created_at FROM members
  UNION ALL
  SELECT up.member_id, m.id, m.parent_id, up.depth + 1, up.created_at
  FROM up JOIN members m ON m.id = up.parent_id
  WHERE up.depth < 64
)
SELECT ancestor_id, member_id, depth, created_at FROM up
ON CONFLICT DO NOTHING;
