CREATE TABLE "risk_flag_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"flag_id" integer NOT NULL,
	"operator_id" integer NOT NULL,
	"operator_name" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "risk_flags" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"kind" text NOT NULL,
	"subject" text NOT NULL,
	"others" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"evidence" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"size" integer DEFAULT 1 NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"decision" text,
	"decided_by" integer,
	"decided_by_name" text,
	"decided_at" timestamp with time zone,
	"raised_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "risk_flags_status_ck" CHECK ("risk_flags"."status" IN ('open', 'cleared', 'actioned'))
);
--> statement-breakpoint
CREATE TABLE "risk_rules" (
	"brand_id" integer PRIMARY KEY NOT NULL,
	"accounts_per_address" integer NOT NULL,
	"accounts_per_device" integer NOT NULL,
	"low_play_percent" integer NOT NULL,
	"big_win_amount" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "withdrawal_holds" (
	"member_id" integer PRIMARY KEY NOT NULL,
	"brand_id" integer NOT NULL,
	"reason" text NOT NULL,
	"flag_id" integer,
	"placed_by" integer NOT NULL,
	"placed_by_name" text NOT NULL,
	"placed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "risk_flag_notes" ADD CONSTRAINT "risk_flag_notes_flag_id_risk_flags_id_fk" FOREIGN KEY ("flag_id") REFERENCES "public"."risk_flags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_flags" ADD CONSTRAINT "risk_flags_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_flags" ADD CONSTRAINT "risk_flags_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_rules" ADD CONSTRAINT "risk_rules_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_holds" ADD CONSTRAINT "withdrawal_holds_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_holds" ADD CONSTRAINT "withdrawal_holds_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "risk_flag_notes_flag_idx" ON "risk_flag_notes" USING btree ("flag_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "risk_flags_subject_uq" ON "risk_flags" USING btree ("brand_id","kind","subject");--> statement-breakpoint
CREATE INDEX "risk_flags_queue_idx" ON "risk_flags" USING btree ("brand_id","status","raised_at");--> statement-breakpoint
CREATE INDEX "risk_flags_member_idx" ON "risk_flags" USING btree ("member_id");