-- Written by npm run db:functions from server/db/functions/ (new member_subtree, member_tree_maintain).
-- Edit those files and run it again; do not edit this migration once it has been applied anywhere.
-- The accounts module's published view of the agent tree, for other modules' queries (agents' reports and
-- settlement): the members below p_ancestor from p_min_depth down (0 includes the ancestor itself), with
-- their depth, when they joined, their username, kind and direct upline. A plain SQL function, so the
-- planner inlines it into the caller's query as if the join were written there.
CREATE OR REPLACE FUNCTION member_subtree(p_ancestor integer, p_min_depth integer)
RETURNS TABLE (member_id integer, depth smallint, joined_at timestamptz, username text, user_type smallint, parent_id integer)
LANGUAGE sql STABLE AS $$
  SELECT t.member_id, t.depth, t.joined_at, m.username, m.user_type, m.parent_id
  FROM member_tree t JOIN members m ON m.id = t.member_id
  WHERE t.ancestor_id = p_ancestor AND t.depth >= p_min_depth
$$;
--> statement-breakpoint
-- Keeps member_tree (the agent tree as a closure table, accounts module) true to members.parent_id: a new
-- member gets a row for itself and one for each upline of its parent; a member moved under another parent
-- takes its whole downline along (the links from its old uplines go, the new uplines' come). Moving a
-- member under itself or under one of its own downline is refused (TREE_CYCLE).
CREATE OR REPLACE FUNCTION member_tree_maintain() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO member_tree (ancestor_id, member_id, depth, joined_at)
    SELECT ancestor_id, NEW.id, depth + 1, NEW.created_at FROM member_tree WHERE member_id = NEW.parent_id
    UNION ALL
    SELECT NEW.id, NEW.id, 0, NEW.created_at;
    RETURN NULL;
  END IF;
  IF NEW.parent_id IS NOT DISTINCT FROM OLD.parent_id THEN
    RETURN NULL;
  END IF;
  IF NEW.parent_id IS NOT NULL AND EXISTS (
    SELECT 1 FROM member_tree WHERE ancestor_id = NEW.id AND member_id = NEW.parent_id
  ) THEN
    RAISE EXCEPTION 'TREE_CYCLE';
  END IF;
  DELETE FROM member_tree t
  USING member_tree up, member_tree down
  WHERE up.member_id = NEW.id AND up.depth > 0
    AND down.ancestor_id = NEW.id
    AND t.ancestor_id = up.ancestor_id AND t.member_id = down.member_id;
  INSERT INTO member_tree (ancestor_id, member_id, depth, joined_at)
  SELECT up.ancestor_id, down.member_id, up.depth + down.depth + 1, down.joined_at
  FROM member_tree up, member_tree down
  WHERE up.member_id = NEW.parent_id AND down.ancestor_id = NEW.id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER members_tree AFTER INSERT OR UPDATE OF parent_id ON members
  FOR EACH ROW EXECUTE FUNCTION member_tree_maintain();
