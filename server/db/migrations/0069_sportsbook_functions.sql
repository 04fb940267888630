-- Written by npm run db:functions from server/db/functions/ (new sports_cash_out, sports_decide_pending, sports_place, sports_release, sports_resettle, sports_settle, vendor_adjust).
-- Edit those files and run it again; do not edit this migration once it has been applied anywhere.
-- A cash-out (docs/sports.md), in one statement: the bet must be open, hold the open stake the quote was
-- made on, and none of its legs may sit on a suspended, closed or voided market or a suspended fixture;
-- the cash-out is written once per request id and per quote, the bet's open stake, liability and
-- cash-outs change, and the amount is paid into its round through vendor_adjust (the round settles when
-- nothing rides any more). Answers the bet's state and the wallet's balance.
CREATE OR REPLACE FUNCTION sports_cash_out(
  p_brand integer,
  p_member integer,
  p_bet bigint,
  p_request text,
  p_nonce text,
  p_share integer,
  p_stake_part bigint,
  p_amount bigint,
  p_open_stake bigint,
  p_key text,
  p_hash text,
  p_accounts bigint[],
  p_amounts bigint[]
) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_bet sports_bets%ROWTYPE;
  v_left bigint;
  v_out jsonb;
  v_release bigint;
BEGIN
  SELECT * INTO v_bet FROM sports_bets
  WHERE id = p_bet AND member_id = p_member AND brand_id = p_brand
  FOR UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'SPORTS_BET_NOT_FOUND';
  END IF;
  IF v_bet.status <> 'open' OR v_bet.open_stake <> p_open_stake OR p_stake_part > v_bet.open_stake THEN
    RAISE EXCEPTION 'SPORTS_CASHOUT_STALE';
  END IF;
  IF EXISTS (
    SELECT 1 FROM sports_bet_legs l
    JOIN sports_markets m ON m.id = l.market_id
    JOIN sports_fixtures f ON f.id = l.fixture_id
    WHERE l.bet_id = p_bet AND l.f_den IS NULL AND (m.status <> 'open' OR f.suspended)
  ) THEN
    RAISE EXCEPTION 'SPORTS_CASHOUT_SUSPENDED';
  END IF;

  INSERT INTO sports_cashouts (bet_id, member_id, request_id, quote_nonce, share, stake_part, amount)
  VALUES (p_bet, p_member, p_request, p_nonce, p_share, p_stake_part, p_amount);

  v_left := v_bet.open_stake - p_stake_part;
  -- The liability still held shrinks with the stake still riding.
  v_release := v_bet.liability - (v_bet.liability * v_left / v_bet.open_stake);
  UPDATE sports_bets
  SET open_stake = v_left, cashed_out = cashed_out + p_amount,
      status = CASE WHEN v_left = 0 THEN 'cashed_out' ELSE status END,
      settled_at = CASE WHEN v_left = 0 THEN now() ELSE settled_at END
  WHERE id = p_bet;
  PERFORM sports_release(ARRAY[p_bet], ARRAY[v_release]);

  v_out := vendor_adjust(p_brand, v_bet.vendor_code, 'S' || p_bet, p_member, p_key, 'cashout', p_hash,
    jsonb_build_object('bet', p_bet, 'share', p_share), p_accounts, p_amounts, p_amount,
    CASE WHEN v_left = 0 THEN 'settled' ELSE 'open' END);
  RETURN jsonb_build_object('openStake', v_left, 'out', v_out);
END;
$$;
--> statement-breakpoint
-- The end of an in-play bet's delay (docs/sports.md): the service checked its legs against their markets
-- and decides. Accepted, it opens, at the prices the member's choice allowed when they moved (its legs'
-- prices, potential payout and liability follow); refused, its stake comes back through vendor_rollback,
-- with the reason the member reads. A bet that is no longer pending is left alone (another process
-- decided it first); answers its status either way.
CREATE OR REPLACE FUNCTION sports_decide_pending(
  p_brand integer,
  p_bet bigint,
  p_accept boolean,
  p_reason text,
  p_prices jsonb,
  p_potential bigint,
  p_bet_key text,
  p_reverse_key text,
  p_hash text
) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_bet sports_bets%ROWTYPE;
  v_out jsonb;
BEGIN
  SELECT * INTO v_bet FROM sports_bets WHERE id = p_bet AND brand_id = p_brand FOR UPDATE;
  IF NOT FOUND OR v_bet.status <> 'pending' THEN
    RETURN jsonb_build_object('status', v_bet.status, 'decided', false);
  END IF;
  IF p_accept THEN
    UPDATE sports_bet_legs l SET price = (p_prices->>(l.leg_no::text))::integer
    WHERE l.bet_id = p_bet AND p_prices ? (l.leg_no::text);
    UPDATE sports_bets SET status = 'open', potential_payout = p_potential WHERE id = p_bet;
    -- Its liability follows the new potential payout (added, or given back).
    PERFORM sports_release(ARRAY[p_bet], ARRAY[(v_bet.potential_payout - p_potential)]);
    RETURN jsonb_build_object('status', 'open', 'decided', true);
  END IF;
  UPDATE sports_bets SET status = 'rejected', reject_reason = p_reason, settled_at = now() WHERE id = p_bet;
  PERFORM sports_release(ARRAY[p_bet], ARRAY[NULL::bigint]);
  v_out := vendor_rollback(p_brand, v_bet.vendor_code, 'S' || p_bet, v_bet.member_id, p_bet_key, p_reverse_key,
    p_hash, jsonb_build_object('bet', p_bet, 'reason', p_reason));
  RETURN jsonb_build_object('status', 'rejected', 'decided', true, 'out', v_out);
END;
$$;
--> statement-breakpoint
-- A sportsbook slip (docs/sports.md), in one statement: every leg's market must still be at the version the
-- service priced the slip on, open, on a fixture that is not suspended, before its start (pre-match) or
-- live (in-play); the bets and legs are written, their liability added to the book's exposure per outcome,
-- per event and per member and event, and refused whole when a cap would pass; the stakes move through
-- vendor_bet_many as rounds `S<id>` of the book's vendor. A request id already used answers `replayed`;
-- a refusal writes nothing.
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
SET plan_cache_mode = force_custom_plan
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

  SELECT count(*) INTO v_stale
  FROM jsonb_to_recordset(p_legs) AS l(market bigint, version integer, live boolean)
  LEFT JOIN sports_markets m ON m.id = l.market AND m.brand_id = p_brand
  LEFT JOIN sports_fixtures f ON f.id = m.fixture_id
  WHERE m.id IS NULL OR m.version <> l.version OR m.status <> 'open' OR f.suspended
    OR NOT CASE WHEN l.live THEN f.status = 'live'
                ELSE f.status = 'scheduled' AND f.starts_at > now() END;
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

  -- Each bet's liability (what the book pays beyond its stake if every leg wins) on each of its legs.
  WITH added AS (
    SELECT 'market' AS scope, l.market AS ref, 0 AS member, l.key AS okey, sum(b.potential - b.stake) AS liability,
      sum(b.stake) AS stake, count(*) AS bets
    FROM jsonb_to_recordset(p_legs) AS l(slip smallint, market bigint, key text)
    JOIN jsonb_to_recordset(p_bets) AS b(slip smallint, stake bigint, potential bigint) ON b.slip = l.slip
    GROUP BY l.market, l.key
    UNION ALL
    SELECT 'event', l.fixture, 0, '', sum(b.potential - b.stake), sum(b.stake), count(*)
    FROM jsonb_to_recordset(p_legs) AS l(slip smallint, fixture bigint)
    JOIN jsonb_to_recordset(p_bets) AS b(slip smallint, stake bigint, potential bigint) ON b.slip = l.slip
    GROUP BY l.fixture
    UNION ALL
    SELECT 'member', l.fixture, p_member, '', sum(b.potential - b.stake), sum(b.stake), count(*)
    FROM jsonb_to_recordset(p_legs) AS l(slip smallint, fixture bigint)
    JOIN jsonb_to_recordset(p_bets) AS b(slip smallint, stake bigint, potential bigint) ON b.slip = l.slip
    GROUP BY l.fixture
  ),
  upserted AS (
    INSERT INTO sports_exposure AS e (scope, ref, member_id, outcome_key, brand_id, liability, stake, bets)
    SELECT scope, ref, member, okey, p_brand, liability, stake, bets FROM added
    ORDER BY scope, ref, member, okey
    ON CONFLICT (scope, ref, member_id, outcome_key) DO UPDATE
    SET liability = e.liability + excluded.liability, stake = e.stake + excluded.stake,
        bets = e.bets + excluded.bets
    RETURNING e.scope, e.ref, e.member_id, e.outcome_key, e.liability
  )
  SELECT u.scope, min((p_caps->>u.scope)::bigint - (u.liability - a.liability))
  INTO v_scope, v_headroom
  FROM upserted u
  JOIN added a ON a.scope = u.scope AND a.ref = u.ref AND a.member = u.member_id AND a.okey = u.outcome_key
  WHERE u.liability > (p_caps->>u.scope)::bigint
  GROUP BY u.scope
  ORDER BY 2
  LIMIT 1;
  IF v_scope IS NOT NULL THEN
    RAISE EXCEPTION 'SPORTS_LIABILITY' USING DETAIL = greatest(v_headroom, 0)::text;
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
--> statement-breakpoint
-- A bet settled again (docs/sports.md): a corrected result, or a result withdrawn (the bet opens again
-- with nothing paid). Never an edit of the first movement: the difference between the new payout and the
-- one paid is posted under its own key (house to member, or member to house), through vendor_adjust. The
-- service names the settlement it read (`p_version`), so two corrections racing cannot both apply; what a
-- member no longer holds of a payout taken back is kept as `owed` for the operator. Answers the movement.
CREATE OR REPLACE FUNCTION sports_resettle(
  p_brand integer,
  p_bet bigint,
  p_version integer,
  p_status text,
  p_payout bigint,
  p_owed bigint,
  p_key text,
  p_hash text,
  p_accounts bigint[],
  p_amounts bigint[],
  p_moved bigint
) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_bet sports_bets%ROWTYPE;
BEGIN
  SELECT * INTO v_bet FROM sports_bets WHERE id = p_bet AND brand_id = p_brand FOR UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'SPORTS_BET_NOT_FOUND';
  END IF;
  IF v_bet.settle_version <> p_version OR v_bet.status NOT IN ('won', 'lost', 'void') THEN
    RAISE EXCEPTION 'SPORTS_SETTLEMENT_MOVED';
  END IF;
  UPDATE sports_bets
  SET status = p_status, payout = p_payout, owed = owed + p_owed, settle_version = settle_version + 1,
      settled_at = CASE WHEN p_status = 'open' THEN NULL ELSE now() END
  WHERE id = p_bet;
  RETURN vendor_adjust(p_brand, v_bet.vendor_code, 'S' || p_bet, v_bet.member_id, p_key,
    CASE WHEN p_moved >= 0 THEN 'win' ELSE 'resettle' END, p_hash,
    jsonb_build_object('bet', p_bet, 'version', p_version + 1), p_accounts, p_amounts, p_moved,
    CASE WHEN p_status = 'open' THEN 'open' ELSE 'settled' END);
END;
$$;
--> statement-breakpoint
-- Settles a chunk of a vendor's sportsbook bets for the first time (docs/sports.md), each once: a bet still
-- open (not pending, not already settled by an earlier run) is marked won, void or lost with the payout
-- the service computed from its legs' factors; lost bets settle their rounds with no money
-- (vendor_settle_lost), paid ones through vendor_win_many, each under its own key. Their liability leaves
-- the exposure. Answers the main balance of each wallet paid, by account id, and how many were settled.
CREATE OR REPLACE FUNCTION sports_settle(
  p_brand integer,
  p_vendor text,
  p_house bigint,
  p_lost bigint[],
  p_ids bigint[],
  p_payouts bigint[],
  p_statuses text[],
  p_wallets bigint[],
  p_keys text[],
  p_hashes text[]
) RETURNS jsonb
LANGUAGE plpgsql
SET plan_cache_mode = force_custom_plan
AS $$
DECLARE
  v_lost text[];
  v_lost_ids bigint[];
  v_won_ids bigint[];
  v_rounds text[];
  v_members integer[];
  v_wallets bigint[];
  v_amounts bigint[];
  v_keys text[];
  v_hashes text[];
  v_balances jsonb;
BEGIN
  WITH lost AS (
    UPDATE sports_bets SET status = 'lost', settled_at = now(), settle_version = settle_version + 1
    WHERE id = ANY(p_lost) AND brand_id = p_brand AND vendor_code = p_vendor AND status = 'open'
    RETURNING id
  )
  SELECT coalesce(array_agg('S' || id), '{}'), coalesce(array_agg(id), '{}') INTO v_lost, v_lost_ids FROM lost;
  PERFORM vendor_settle_lost(p_brand, p_vendor, v_lost);

  WITH won AS (
    UPDATE sports_bets b SET status = w.status, payout = w.payout, settled_at = now(),
      settle_version = b.settle_version + 1
    FROM unnest(p_ids, p_payouts, p_statuses, p_wallets, p_keys, p_hashes)
      AS w(id, payout, status, wallet, key, hash)
    WHERE b.id = w.id AND b.brand_id = p_brand AND b.vendor_code = p_vendor AND b.status = 'open'
    RETURNING b.id, b.member_id, w.payout, w.wallet, w.key, w.hash
  )
  SELECT coalesce(array_agg(id ORDER BY wallet, id), '{}'),
    coalesce(array_agg('S' || id ORDER BY wallet, id), '{}'),
    coalesce(array_agg(member_id ORDER BY wallet, id), '{}'),
    coalesce(array_agg(wallet ORDER BY wallet, id), '{}'),
    coalesce(array_agg(payout ORDER BY wallet, id), '{}'),
    coalesce(array_agg(key ORDER BY wallet, id), '{}'),
    coalesce(array_agg(hash ORDER BY wallet, id), '{}')
  INTO v_won_ids, v_rounds, v_members, v_wallets, v_amounts, v_keys, v_hashes
  FROM won;
  v_balances := vendor_win_many(p_brand, p_vendor, p_house, v_rounds, v_members, v_wallets, v_amounts,
    v_keys, v_hashes, '{}'::jsonb);

  PERFORM sports_release(v_lost_ids || v_won_ids, array_fill(NULL::bigint, ARRAY[cardinality(v_lost_ids || v_won_ids)]));
  RETURN jsonb_build_object('settled', cardinality(v_lost_ids) + cardinality(v_won_ids), 'balances', v_balances);
END;
$$;
--> statement-breakpoint
-- A movement inside a round that is neither its first win nor a bet (docs/money.md): a cash-out paid before
-- the round ends (partial: the round stays open; whole: it settles), and a correction of a settled round
-- (the difference between the old and the new payout, either way, or the whole payout taken back when a
-- result is withdrawn and the round opens again). The posting and the round's payout and status change in
-- one statement; a replay of the key moves nothing again. A cancelled round takes nothing.
CREATE OR REPLACE FUNCTION vendor_adjust(
  p_brand integer,
  p_vendor text,
  p_round text,
  p_member integer,
  p_key text,
  p_kind text,
  p_request_hash text,
  p_meta jsonb,
  p_accounts bigint[],
  p_amounts bigint[],
  p_payout_delta bigint,
  p_status text
) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_owner integer;
  v_status text;
  v_out jsonb;
BEGIN
  IF p_status NOT IN ('open', 'settled') THEN
    RAISE EXCEPTION 'VENDOR_BAD_STATUS';
  END IF;
  SELECT member_id, status INTO v_owner, v_status FROM vendor_rounds
  WHERE brand_id = p_brand AND vendor_code = p_vendor AND round_id = p_round
  FOR UPDATE;
  IF v_owner IS NULL THEN
    RAISE EXCEPTION 'VENDOR_ROUND_NOT_FOUND';
  END IF;
  IF v_owner <> p_member THEN
    RAISE EXCEPTION 'VENDOR_ROUND_MISMATCH';
  END IF;
  IF v_status = 'cancelled' THEN
    RAISE EXCEPTION 'VENDOR_ROUND_CANCELLED';
  END IF;
  -- A correction that changes no payout posts nothing but still claims its key once.
  v_out := ledger_post(p_brand, p_key, p_kind, p_request_hash, p_meta, p_accounts, p_amounts);
  IF NOT (v_out->>'replayed')::boolean THEN
    UPDATE vendor_rounds
    SET payout = payout + p_payout_delta,
        status = p_status,
        settled_at = CASE WHEN p_status = 'settled' THEN coalesce(settled_at, now()) ELSE NULL END
    WHERE brand_id = p_brand AND vendor_code = p_vendor AND round_id = p_round;
  END IF;
  RETURN v_out;
END;
$$;
