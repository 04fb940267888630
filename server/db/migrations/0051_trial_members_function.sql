-- Written by npm run db:functions from server/db/functions/ (new trial_members).
-- Edit those files and run it again; do not edit this migration once it has been applied anywhere.
-- The accounts module's published list of trial accounts (user type 4, free play), for other modules'
-- reports: trial money is not business, so profit and loss, the agents' daily figures, contracts'
-- settlement, the winner board and the in-house games' measured returns leave these members out
-- (`AND member_id NOT IN (SELECT member_id FROM trial_members())`). A plain SQL function, so the planner
-- inlines it into the caller's query (a hashed subplan over the partial index members_trial_idx).
CREATE OR REPLACE FUNCTION trial_members()
RETURNS TABLE (member_id integer)
LANGUAGE sql STABLE AS $$
  SELECT m.id FROM members m WHERE m.user_type = 4
$$;
