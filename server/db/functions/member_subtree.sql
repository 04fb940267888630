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
