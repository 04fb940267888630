CREATE TABLE "attempt_counters" (
	"scope" text NOT NULL,
	"subject" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"window_started_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attempt_counters_scope_subject_pk" PRIMARY KEY("scope","subject")
);
--> statement-breakpoint
CREATE TABLE "session_handoffs" (
	"code_hash" text PRIMARY KEY NOT NULL,
	"brand_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outbox" ALTER COLUMN "body" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "brands" ADD COLUMN "max_amount" bigint DEFAULT 10000000000 NOT NULL;--> statement-breakpoint
ALTER TABLE "operators" ADD COLUMN "totp_pending_secret" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "body_hash" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sms_codes" ADD COLUMN "channel" text DEFAULT 'sms' NOT NULL;--> statement-breakpoint
ALTER TABLE "session_handoffs" ADD CONSTRAINT "session_handoffs_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outbox_expires_idx" ON "outbox" USING btree ("expires_at") WHERE body IS NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_bound_ck" CHECK (balance BETWEEN -100000000000000 AND 100000000000000);--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_amount_ck" CHECK (amount BETWEEN -1000000000000 AND 1000000000000);--> statement-breakpoint
-- Messages kept before this migration are plaintext with no expiry: nothing may keep them now.
UPDATE "outbox" SET "body" = NULL;
