-- A sportsbook slip (docs/sports.md), in one statement: every leg's market must still be at the version the
-- service priced the slip on, open, on a fixture that is not suspended, before its start (pre-match) or
-- live (in-play); the bets and legs are written, their liability added to the book's exposure per outcome,
-- per event and per member and event, and refused whole when a cap would pass; the stakes move through
-- vendor_bet_many as rounds `S<id>` of the book's vendor. A request id already used answers `replayed`;
-- a refusal writes nothing. With no caps (null) the exposure is left to the caller (sports_expose). Its
-- statements keep cached plans: a slip's few legs come as jsonb, which a custom plan cannot estimate any
-- better, and planning every statement on every slip cost a quarter of it.
CREATE OR REPLACE FUNCTION sports_place(
  p_brand integer,
  p_member integer,
  p_request text,
  p_wallet bigint,
  p_house bigint,
  p_bets jsonb,
  p_legs jsonb,
  p_caps jsonb
) RETURNS jsonb
LANGUAGE plpgsql
AS $$
DECLARE
  v_stale integer;
  v_bets jsonb;
  v_balance bigint;
  v_vendor text;
  v_headroom bigint;
  v_scope text;
BEGIN
  IF EXISTS (SELECT 1 FROM sports_bets WHERE member_id = p_member AND request_id = p_request) THEN
    RETURN jsonb_build_object('replayed', true);
  END IF;

  -- Each leg looked up by its market's key (OFFSET 0 keeps it a lookup per leg): a slip has a few legs,
  -- and a plan that hashed the whole board for them cost more than the rest of the slip.
  SELECT count(*) INTO v_stale
  FROM jsonb_to_recordset(p_legs) AS l(market bigint, version integer, live boolean)
  LEFT JOIN LATERAL (
    SELECT m.version, m.status, f.suspended, f.status AS fixture_status, f.starts_at
    FROM sports_markets m JOIN sports_fixtures f ON f.id = m.fixture_id
    WHERE m.id = l.market AND m.brand_id = p_brand
    OFFSET 0
  ) AS c ON true
  WHERE c.version IS NULL OR c.version <> l.version OR c.status <> 'open' OR c.suspended
    OR NOT CASE WHEN l.live THEN c.fixture_status = 'live'
                ELSE c.fixture_status = 'scheduled' AND c.starts_at > now() END;
  IF v_stale > 0 THEN
    RAISE EXCEPTION 'SPORTS_MARKET_CHANGED';
  END IF;

  WITH placed AS (
    INSERT INTO sports_bets (brand_id, member_id, request_id, slip_index, vendor_code, kind, system, lines,
      unit_stake, stake, open_stake, potential_payout, liability, status, accept, accepts_at)
    SELECT p_brand, p_member, p_request, b.slip, b.vendor, b.kind, b.system, b.lines, b.unit, b.stake, b.stake,
      b.potential, b.potential - b.stake, CASE WHEN b."delayMs" > 0 THEN 'pending' ELSE 'open' END, b.accept,
      CASE WHEN b."delayMs" > 0 THEN now() + make_interval(secs => b."delayMs" / 1000.0) END
    FROM jsonb_to_recordset(p_bets) AS b(slip smallint, vendor text, kind text, system text, lines integer,
      unit bigint, stake bigint, potential bigint, accept text, "delayMs" integer)
    RETURNING id, slip_index
  ),
  legs AS (
    INSERT INTO sports_bet_legs (bet_id, leg_no, fixture_id, market_id, outcome_key, price, market_version, live)
    SELECT p.id, l.leg, l.fixture, l.market, l.key, l.price, l.version, l.live
    FROM jsonb_to_recordset(p_legs) AS l(slip smallint, leg smallint, fixture bigint, market bigint, key text,
      price integer, version integer, live boolean)
    JOIN placed p ON p.slip_index = l.slip
    RETURNING 1
  )
  SELECT jsonb_agg(jsonb_build_object('id', p.id, 'slip', p.slip_index) ORDER BY p.slip_index)
  INTO v_bets FROM placed p, (SELECT count(*) FROM legs) AS written;

  -- With no caps, the caller adds the slip to the exposure itself (sports_place_batch: a batch's slips at once).
  IF p_caps IS NOT NULL THEN
    SELECT e.scope, e.headroom INTO v_scope, v_headroom
    FROM sports_expose(jsonb_build_array(jsonb_build_object(
      'brand', p_brand, 'member', p_member, 'bets', p_bets, 'legs', p_legs, 'caps', p_caps))) AS e;
    IF v_scope IS NOT NULL THEN
      RAISE EXCEPTION 'SPORTS_LIABILITY' USING DETAIL = v_headroom::text;
    END IF;
  END IF;

  FOR v_vendor IN SELECT DISTINCT b.vendor FROM jsonb_to_recordset(p_bets) AS b(vendor text) LOOP
    SELECT vendor_bet_many(p_brand, v_vendor, p_member, p_wallet, p_house,
      array_agg('S' || (x->>'id') ORDER BY b.slip),
      array_agg(b.game ORDER BY b.slip),
      array_agg(b.stake ORDER BY b.slip),
      array_agg(b.key ORDER BY b.slip),
      array_agg(b.hash ORDER BY b.slip),
      '{}'::jsonb)
    INTO v_balance
    FROM jsonb_to_recordset(p_bets) AS b(slip smallint, vendor text, game text, stake bigint, key text, hash text)
    JOIN jsonb_array_elements(v_bets) x ON (x->>'slip')::smallint = b.slip
    WHERE b.vendor = v_vendor;
  END LOOP;

  RETURN jsonb_build_object('replayed', false, 'bets', v_bets, 'balance', v_balance, 'at', now());
END;
$$;
