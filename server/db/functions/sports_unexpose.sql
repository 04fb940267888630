-- Takes bets' given-back liability off the book's exposure (docs/sports.md): `p_amounts[i]` of bet
-- `p_bets[i]` (member `p_members[i]`) leaves every exposure row its legs added to (the outcome, the event,
-- the member on the event); a negative amount adds to them. The caller has already taken it off the bets
-- themselves. The rows are locked in one order (scope, ref, member, outcome), as sports_expose takes them,
-- so a settlement and a batch of slips on the same events never deadlock.
CREATE OR REPLACE FUNCTION sports_unexpose(p_bets bigint[], p_members integer[], p_amounts bigint[])
RETURNS void
LANGUAGE plpgsql
SET plan_cache_mode = force_custom_plan
AS $$
BEGIN
  WITH given AS (
    SELECT * FROM unnest(p_bets, p_members, p_amounts) AS g(id, member, amount) WHERE g.amount <> 0
  ),
  legs AS (
    SELECT l.market_id, l.outcome_key, l.fixture_id, g.member, g.amount
    FROM given g JOIN sports_bet_legs l ON l.bet_id = g.id
  ),
  delta AS (
    SELECT 'market' AS scope, market_id AS ref, 0 AS member, outcome_key AS okey, sum(amount) AS amount
    FROM legs GROUP BY market_id, outcome_key
    UNION ALL
    SELECT 'event', fixture_id, 0, '', sum(amount) FROM legs GROUP BY fixture_id
    UNION ALL
    SELECT 'member', fixture_id, member, '', sum(amount) FROM legs GROUP BY fixture_id, member
  ),
  locked AS (
    SELECT e.scope, e.ref, e.member_id, e.outcome_key, d.amount
    FROM sports_exposure e
    JOIN delta d ON e.scope = d.scope AND e.ref = d.ref AND e.member_id = d.member AND e.outcome_key = d.okey
    ORDER BY e.scope, e.ref, e.member_id, e.outcome_key
    FOR UPDATE OF e
  )
  UPDATE sports_exposure e SET liability = e.liability - k.amount
  FROM locked k
  WHERE e.scope = k.scope AND e.ref = k.ref AND e.member_id = k.member_id AND e.outcome_key = k.outcome_key;
END;
$$;
