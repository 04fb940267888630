-- Written by npm run db:functions from server/db/functions/ (changed sports_place, vendor_bet_many; new sports_expose, sports_place_batch).
-- Edit those files and run it again; do not edit this migration once it has been applied anywhere.
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
--> statement-breakpoint
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
--> statement-breakpoint
-- Many members' sportsbook slips in one statement and one commit (docs/sports.md), each as sports_place
-- takes it alone: item i of p_items is {brand, member, request, wallet, house, bets, legs, caps}, their
-- members in ascending order (so two batches take wallets in one order). A slip
-- refused (a market moved, the funds, a key already taken) is rolled back alone to its savepoint and
-- answers its error's message, detail and SQLSTATE, the way the driver would have raised it; the others
-- commit. The slips taken are added to the book's exposure together, at the end (sports_expose): the hot
-- rows (an event's, a popular outcome's) stay locked only from there to the commit, not for the whole
-- batch. If that passes a cap, the whole statement fails (SPORTS_BATCH_OVER_CAP) and the caller places
-- each slip alone, which finds the one refused. Keep batches under 64 items: a savepoint per slip, and a
-- transaction with more of them slows every snapshot taken while it runs.
CREATE OR REPLACE FUNCTION sports_place_batch(p_items jsonb) RETURNS jsonb
LANGUAGE plpgsql
AS $$
DECLARE
  v_out jsonb := '[]'::jsonb;
  v_taken jsonb := '[]'::jsonb;
  v_item jsonb;
  v_answer jsonb;
  v_scope text;
  v_message text;
  v_detail text;
  v_state text;
BEGIN
  FOR v_item IN SELECT i FROM jsonb_array_elements(p_items) AS i LOOP
    BEGIN
      v_answer := sports_place((v_item->>'brand')::integer, (v_item->>'member')::integer, v_item->>'request',
        (v_item->>'wallet')::bigint, (v_item->>'house')::bigint, v_item->'bets', v_item->'legs', NULL);
      IF NOT (v_answer->>'replayed')::boolean THEN
        v_taken := v_taken || jsonb_build_array(v_item);
      END IF;
    EXCEPTION WHEN OTHERS THEN
      GET STACKED DIAGNOSTICS v_message = MESSAGE_TEXT, v_detail = PG_EXCEPTION_DETAIL,
        v_state = RETURNED_SQLSTATE;
      v_answer := jsonb_build_object('error', v_message, 'detail', nullif(v_detail, ''), 'state', v_state);
    END;
    v_out := v_out || jsonb_build_array(v_answer);
  END LOOP;

  IF jsonb_array_length(v_taken) > 0 THEN
    SELECT e.scope INTO v_scope FROM sports_expose(v_taken) AS e;
    IF v_scope IS NOT NULL THEN
      RAISE EXCEPTION 'SPORTS_BATCH_OVER_CAP' USING DETAIL = v_scope;
    END IF;
  END IF;
  RETURN v_out;
END;
$$;
--> statement-breakpoint
-- Many bets of one player with one vendor at once (docs/money.md), each its own movement under its own
-- key (a lottery slip's lines): the wallet is locked and updated once by the total, only if it covers all
-- of them (insufficient funds refuses every one), each movement's two postings carry the wallet's balance
-- and version right after it, and each bet opens its round. A key already claimed refuses the whole call
-- (LEDGER_KEY_REUSED): a caller retrying a request answers from its own records before calling again.
-- Answers the wallet's balance after.
CREATE OR REPLACE FUNCTION vendor_bet_many(
  p_brand integer,
  p_vendor text,
  p_member integer,
  p_wallet bigint,
  p_house bigint,
  p_rounds text[],
  p_games text[],
  p_amounts bigint[],
  p_keys text[],
  p_hashes text[],
  p_meta jsonb
) RETURNS bigint
LANGUAGE plpgsql
-- Each call plans its statements for its own arrays: a cached generic plan cannot know their sizes and
-- once scanned every round for a chunk of a few thousand.
SET plan_cache_mode = force_custom_plan
AS $$
DECLARE
  v_total bigint;
  v_count integer := cardinality(p_amounts);
  v_balance bigint;
  v_version bigint;
  v_claimed integer;
BEGIN
  -- A few bets (a sportsbook slip) take the cached generic plans instead: planning each statement afresh
  -- cost them three times what running it did, and a generic plan, estimated for ten items, fits a few.
  -- A SET LOCAL here ends with the call (the function has its own SET).
  IF v_count <= 8 THEN
    PERFORM set_config('plan_cache_mode', 'force_generic_plan', true);
  END IF;
  IF v_count = 0 OR EXISTS (SELECT 1 FROM unnest(p_amounts) a WHERE a <= 0) THEN
    RAISE EXCEPTION 'LEDGER_BAD_POSTINGS';
  END IF;
  PERFORM 1 FROM ledger_accounts WHERE id = p_house AND brand_id = p_brand AND floor IS NULL;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'LEDGER_NO_ACCOUNT' USING DETAIL = p_house::text;
  END IF;
  SELECT sum(a) INTO v_total FROM unnest(p_amounts) a;

  UPDATE ledger_accounts
  SET balance = balance - v_total, version = version + v_count
  WHERE id = p_wallet AND brand_id = p_brand AND floor IS NOT NULL AND balance - v_total >= floor
  RETURNING balance, version INTO v_balance, v_version;
  IF NOT FOUND THEN
    IF EXISTS (SELECT 1 FROM ledger_accounts WHERE id = p_wallet AND brand_id = p_brand AND floor IS NOT NULL) THEN
      RAISE EXCEPTION 'LEDGER_INSUFFICIENT_FUNDS' USING DETAIL = p_wallet::text;
    END IF;
    RAISE EXCEPTION 'LEDGER_NO_ACCOUNT' USING DETAIL = p_wallet::text;
  END IF;

  WITH items AS (
    SELECT * FROM unnest(p_rounds, p_games, p_amounts, p_keys, p_hashes) WITH ORDINALITY
      AS i(round, game, amount, key, hash, ord)
  ),
  claimed AS (
    INSERT INTO ledger_transactions (brand_id, idempotency_key, kind, request_hash, result, meta)
    SELECT p_brand, key, 'bet', hash, '{}'::jsonb,
      coalesce(p_meta, '{}'::jsonb) || jsonb_build_object('vendor', p_vendor, 'round', round, 'game', game, 'member', p_member)
    FROM items ORDER BY ord
    ON CONFLICT (brand_id, idempotency_key) DO NOTHING
    RETURNING id, idempotency_key
  ),
  fresh AS (
    SELECT items.*, claimed.id AS tx,
      -- What the wallet held right after this bet: the final balance plus the bets after it.
      v_balance + coalesce(sum(items.amount) OVER later, 0) AS after,
      v_version - count(*) OVER later AS version
    FROM items JOIN claimed ON claimed.idempotency_key = items.key
    WINDOW later AS (ORDER BY items.ord ROWS BETWEEN 1 FOLLOWING AND UNBOUNDED FOLLOWING)
  ),
  entries AS (
    INSERT INTO ledger_entries (transaction_id, account_id, amount, balance_after, version)
    SELECT tx, p_wallet, -amount, after, version FROM fresh
    UNION ALL
    SELECT tx, p_house, amount, NULL, NULL FROM fresh
    RETURNING 1
  ),
  rounds AS (
    INSERT INTO vendor_rounds (brand_id, vendor_code, round_id, member_id, game_code, stake)
    SELECT p_brand, p_vendor, round, p_member, game, amount FROM fresh
    RETURNING 1
  )
  SELECT count(*) INTO v_claimed FROM fresh;
  IF v_claimed <> v_count THEN
    RAISE EXCEPTION 'LEDGER_KEY_REUSED';
  END IF;
  RETURN v_balance;
END;
$$;
