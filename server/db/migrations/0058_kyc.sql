CREATE TABLE "kyc_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"kind" text NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"data" "bytea",
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"decided_by" integer,
	"decided_by_name" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_erasures" (
	"member_id" integer PRIMARY KEY NOT NULL,
	"brand_id" integer NOT NULL,
	"operator_id" integer,
	"erased_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "cpf" text;--> statement-breakpoint
ALTER TABLE "brands" ADD COLUMN "kyc_at" text DEFAULT 'withdrawal' NOT NULL;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "review" jsonb;--> statement-breakpoint
ALTER TABLE "kyc_documents" ADD CONSTRAINT "kyc_documents_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_documents" ADD CONSTRAINT "kyc_documents_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_erasures" ADD CONSTRAINT "member_erasures_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "kyc_documents_member_idx" ON "kyc_documents" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "kyc_documents_queue_idx" ON "kyc_documents" USING btree ("brand_id","status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "members_brand_cpf_uq" ON "members" USING btree ("brand_id","cpf") WHERE cpf IS NOT NULL;