CREATE TABLE "rebate_claims" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"amount" bigint NOT NULL,
	"detail" jsonb NOT NULL,
	"transaction_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "brands" ADD COLUMN "rebate_rates" jsonb DEFAULT '{"LOTT":100,"ELOTT":100,"PVP":0,"FISH":100,"RNG":120,"LIVE":80,"SPORTS":100,"ESPORTS":100}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "rebate_claims" ADD CONSTRAINT "rebate_claims_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "rebate_claims_member_start_uq" ON "rebate_claims" USING btree ("member_id","period_start");