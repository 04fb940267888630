-- Adds slips' liability to the book's exposure (docs/sports.md): each bet's liability (what the book pays
-- beyond its stake if every leg wins) on each of its legs, per outcome, per event and per member on the
-- event, the rows taken in one order (scope, ref, member, outcome) so two callers never deadlock on them.
-- p_slips is an array of {brand, member, bets, legs, caps} as sports_place takes them. Answers the first
-- scope whose cap a row now passes (a row's cap is the strictest of the slips adding to it) with what the
-- slips could still have added there, or no row when every cap holds: the caller raises, and so undoes it.
CREATE OR REPLACE FUNCTION sports_expose(p_slips jsonb)
RETURNS TABLE (scope text, headroom bigint)
LANGUAGE plpgsql
AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
  WITH slips AS (
    SELECT (x.s->>'brand')::integer AS brand, (x.s->>'member')::integer AS member, x.s->'caps' AS caps,
      x.s->'legs' AS legs, x.s->'bets' AS bets
    FROM jsonb_array_elements(p_slips) AS x(s)
  ),
  legs AS (
    SELECT s.brand, s.member, s.caps, l.market, l.fixture, l.key, b.stake, b.potential
    FROM slips s
    CROSS JOIN LATERAL jsonb_to_recordset(s.legs) AS l(slip smallint, market bigint, fixture bigint, key text)
    JOIN LATERAL jsonb_to_recordset(s.bets) AS b(slip smallint, stake bigint, potential bigint) ON b.slip = l.slip
  ),
  added AS (
    SELECT 'market' AS scope, l.market AS ref, 0 AS member, l.key AS okey, sum(l.potential - l.stake) AS liability,
      sum(l.stake) AS stake, count(*) AS bets, min((l.caps->>'market')::bigint) AS cap, min(l.brand) AS brand
    FROM legs l GROUP BY l.market, l.key
    UNION ALL
    SELECT 'event', l.fixture, 0, '', sum(l.potential - l.stake), sum(l.stake), count(*),
      min((l.caps->>'event')::bigint), min(l.brand)
    FROM legs l GROUP BY l.fixture
    UNION ALL
    SELECT 'member', l.fixture, l.member, '', sum(l.potential - l.stake), sum(l.stake), count(*),
      min((l.caps->>'member')::bigint), min(l.brand)
    FROM legs l GROUP BY l.fixture, l.member
  ),
  upserted AS (
    INSERT INTO sports_exposure AS e (scope, ref, member_id, outcome_key, brand_id, liability, stake, bets)
    SELECT a.scope, a.ref, a.member, a.okey, a.brand, a.liability, a.stake, a.bets FROM added a
    ORDER BY a.scope, a.ref, a.member, a.okey
    ON CONFLICT ON CONSTRAINT sports_exposure_scope_ref_member_id_outcome_key_pk DO UPDATE
    SET liability = e.liability + excluded.liability, stake = e.stake + excluded.stake,
        bets = e.bets + excluded.bets
    RETURNING e.scope, e.ref, e.member_id, e.outcome_key, e.liability
  )
  SELECT u.scope, greatest(min(a.cap - (u.liability - a.liability)), 0)::bigint
  FROM upserted u
  JOIN added a ON a.scope = u.scope AND a.ref = u.ref AND a.member = u.member_id AND a.okey = u.outcome_key
  WHERE u.liability > a.cap
  GROUP BY u.scope
  ORDER BY 2
  LIMIT 1;
END;
$$;
