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
