CREATE TABLE "member_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"operator_id" integer,
	"operator_name" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "vip_level" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "member_notes" ADD CONSTRAINT "member_notes_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_notes_member_idx" ON "member_notes" USING btree ("member_id","created_at");--> statement-breakpoint
-- Operators' notes on a member are append-only: never edited, never deleted, but for the cascade of the
-- member's own row going (by then the member no longer exists).
CREATE OR REPLACE FUNCTION member_notes_append_only() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND NOT EXISTS (SELECT 1 FROM members WHERE id = OLD.member_id) THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'MEMBER_NOTES_APPEND_ONLY';
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER member_notes_no_change BEFORE UPDATE OR DELETE ON member_notes
FOR EACH ROW EXECUTE FUNCTION member_notes_append_only();
