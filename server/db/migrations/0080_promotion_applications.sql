CREATE TABLE "promotion_application_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"entry_id" integer NOT NULL,
	"sequence" integer NOT NULL,
	"mime" text NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "promotion_entries" ADD COLUMN "remark" text;--> statement-breakpoint
ALTER TABLE "promotion_entries" ADD COLUMN "decided_by" integer;--> statement-breakpoint
ALTER TABLE "promotion_entries" ADD COLUMN "decision_note" text;--> statement-breakpoint
ALTER TABLE "promotion_application_images" ADD CONSTRAINT "promotion_application_images_entry_id_promotion_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."promotion_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "promotion_application_images_seq_uq" ON "promotion_application_images" USING btree ("entry_id","sequence");