-- The accounts module's published list of a brand's members and when each registered, for other modules'
-- reports (the back office's new members and registration cohorts). Trial accounts are in it: callers
-- leave them out with trial_members(), as every report does. A plain SQL function, so the planner inlines
-- it into the caller's query.
CREATE OR REPLACE FUNCTION member_joins(p_brand integer)
RETURNS TABLE (member_id integer, joined_at timestamptz)
LANGUAGE sql STABLE AS $$
  SELECT m.id, m.created_at FROM members m WHERE m.brand_id = p_brand
$$;
