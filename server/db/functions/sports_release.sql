-- Gives back part of bets' liability to the book's exposure (docs/sports.md): `p_amounts[i]` of bet
-- `p_bets[i]` (its whole remaining liability when null) leaves the bet and every exposure row its legs
-- added to (sports_unexpose). A bet never gives back more than it holds, so a repeated call gives back
-- nothing twice. A negative amount adds to it instead (an in-play bet accepted at a price that moved
-- since it was placed).
CREATE OR REPLACE FUNCTION sports_release(p_bets bigint[], p_amounts bigint[]) RETURNS void
LANGUAGE plpgsql
SET plan_cache_mode = force_custom_plan
AS $$
DECLARE
  v_ids bigint[];
  v_members integer[];
  v_amounts bigint[];
BEGIN
  WITH cur AS (
    SELECT b.id, b.member_id, least(b.liability, coalesce(r.amount, b.liability)) AS amount
    FROM sports_bets b
    JOIN unnest(p_bets, p_amounts) AS r(id, amount) ON b.id = r.id
    WHERE b.liability > 0 OR r.amount < 0
    FOR UPDATE OF b
  ),
  taken AS (
    UPDATE sports_bets b SET liability = b.liability - cur.amount FROM cur WHERE b.id = cur.id
    RETURNING cur.id, cur.member_id, cur.amount
  )
  SELECT coalesce(array_agg(id), '{}'), coalesce(array_agg(member_id), '{}'), coalesce(array_agg(amount), '{}')
  INTO v_ids, v_members, v_amounts
  FROM taken;
  PERFORM sports_unexpose(v_ids, v_members, v_amounts);
END;
$$;
