-- Gives back part of bets' liability to the book's exposure (docs/sports.md): `p_amounts[i]` of bet
-- `p_bets[i]` (its whole remaining liability when null) leaves every exposure row its legs added to (the
-- outcome, the event, the member on the event). A bet never gives back more than it holds, so a repeated
-- call gives back nothing twice. A negative amount adds to it instead (an in-play bet accepted at a price
-- that moved since it was placed).
CREATE OR REPLACE FUNCTION sports_release(p_bets bigint[], p_amounts bigint[]) RETURNS void
LANGUAGE plpgsql
SET plan_cache_mode = force_custom_plan
AS $$
BEGIN
  WITH cur AS (
    SELECT b.id, b.member_id, least(b.liability, coalesce(r.amount, b.liability)) AS amount
    FROM sports_bets b
    JOIN unnest(p_bets, p_amounts) AS r(id, amount) ON b.id = r.id
    WHERE b.liability > 0 OR r.amount < 0
    FOR UPDATE OF b
  ),
  taken AS (
    UPDATE sports_bets b SET liability = b.liability - cur.amount FROM cur WHERE b.id = cur.id RETURNING 1
  ),
  legs AS (
    SELECT l.market_id, l.outcome_key, l.fixture_id, cur.member_id, cur.amount
    FROM sports_bet_legs l JOIN cur ON cur.id = l.bet_id
  ),
  delta AS (
    SELECT 'market' AS scope, market_id AS ref, 0 AS member, outcome_key AS okey, sum(amount) AS amount
    FROM legs GROUP BY market_id, outcome_key
    UNION ALL
    SELECT 'event', fixture_id, 0, '', sum(amount) FROM legs GROUP BY fixture_id
    UNION ALL
    SELECT 'member', fixture_id, member_id, '', sum(amount) FROM legs GROUP BY fixture_id, member_id
  )
  UPDATE sports_exposure e SET liability = e.liability - d.amount
  FROM delta d
  WHERE e.scope = d.scope AND e.ref = d.ref AND e.member_id = d.member AND e.outcome_key = d.okey
    AND (SELECT count(*) FROM taken) >= 0;
END;
$$;
