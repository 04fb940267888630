CREATE TABLE "member_active_months" (
	"brand_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"month" date NOT NULL,
	"days" integer NOT NULL,
	CONSTRAINT "member_active_months_member_id_month_pk" PRIMARY KEY("member_id","month")
);
--> statement-breakpoint
ALTER TABLE "member_active_months" ADD CONSTRAINT "member_active_months_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_active_months_brand_month_idx" ON "member_active_months" USING btree ("brand_id","month");--> statement-breakpoint
-- The months of the member-days already rolled up (the roll-up keeps them from now on).
INSERT INTO "member_active_months" ("brand_id", "member_id", "month", "days")
SELECT min("brand_id"), "member_id", date_trunc('month', "day")::date,
       bit_or(1 << (extract(day FROM "day")::int - 1))
FROM "member_daily" WHERE "rounds" > 0
GROUP BY "member_id", date_trunc('month', "day")::date;
