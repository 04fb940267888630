CREATE TABLE "report_cohort_weeks" (
	"brand_id" integer NOT NULL,
	"week" date NOT NULL,
	"cohort_week" date NOT NULL,
	"members" integer NOT NULL,
	CONSTRAINT "report_cohort_weeks_brand_id_week_cohort_week_pk" PRIMARY KEY("brand_id","week","cohort_week")
);
--> statement-breakpoint
CREATE TABLE "report_days" (
	"brand_id" integer NOT NULL,
	"day" date NOT NULL,
	"new_members" integer DEFAULT 0 NOT NULL,
	"first_deposits" integer DEFAULT 0 NOT NULL,
	"first_deposit_amount" bigint DEFAULT 0 NOT NULL,
	"deposits" integer DEFAULT 0 NOT NULL,
	"deposit_amount" bigint DEFAULT 0 NOT NULL,
	"withdrawals" integer DEFAULT 0 NOT NULL,
	"withdrawal_amount" bigint DEFAULT 0 NOT NULL,
	"bets" integer DEFAULT 0 NOT NULL,
	"stake" bigint DEFAULT 0 NOT NULL,
	"payout" bigint DEFAULT 0 NOT NULL,
	"bonus" bigint DEFAULT 0 NOT NULL,
	"rebate" bigint DEFAULT 0 NOT NULL,
	"adjustment" bigint DEFAULT 0 NOT NULL,
	"active_members" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "report_days_brand_id_day_pk" PRIMARY KEY("brand_id","day")
);
--> statement-breakpoint
CREATE TABLE "report_runs" (
	"brand_id" integer PRIMARY KEY NOT NULL,
	"ran_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_vendor_days" (
	"brand_id" integer NOT NULL,
	"day" date NOT NULL,
	"vendor_code" text NOT NULL,
	"category" text NOT NULL,
	"bets" integer DEFAULT 0 NOT NULL,
	"stake" bigint DEFAULT 0 NOT NULL,
	"payout" bigint DEFAULT 0 NOT NULL,
	"active_members" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "report_vendor_days_brand_id_day_vendor_code_pk" PRIMARY KEY("brand_id","day","vendor_code")
);
--> statement-breakpoint
CREATE INDEX "report_cohort_weeks_cohort_idx" ON "report_cohort_weeks" USING btree ("brand_id","cohort_week");