-- Written by npm run db:functions from server/db/functions/ (changed sports_release, sports_settle; new sports_unexpose).
-- Edit those files and run it again; do not edit this migration once it has been applied anywhere.
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
--> statement-breakpoint
-- Settles a chunk of a vendor's sportsbook bets for the first time (docs/sports.md), each once: a bet still
-- open (not pending, not already settled by an earlier run) is marked lost (`p_lost`), or won or void with
-- the payout the service computed from its legs' factors, and gives back all its liability, in one update;
-- lost bets settle their rounds with no money (vendor_settle_lost), paid ones through vendor_win_many, each
-- under its own key; the liability leaves the exposure (sports_unexpose). Answers the main balance of each
-- wallet paid, by account id, and how many were settled.
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
  v_settled integer;
  v_ids bigint[];
  v_holders integer[];
  v_amounts bigint[];
  v_rounds text[];
  v_members integer[];
  v_wallets bigint[];
  v_payouts bigint[];
  v_keys text[];
  v_hashes text[];
  v_balances jsonb;
BEGIN
  WITH outcome AS (
    SELECT o.id, 'lost' AS status, 0::bigint AS payout, NULL::bigint AS wallet, NULL::text AS key,
      NULL::text AS hash
    FROM unnest(p_lost) AS o(id)
    UNION ALL
    SELECT * FROM unnest(p_ids, p_statuses, p_payouts, p_wallets, p_keys, p_hashes)
  ),
  cur AS (
    -- Locked first: what each still holds of the exposure is given back whole, read under the lock.
    SELECT b.id, b.member_id, b.liability
    FROM sports_bets b
    WHERE b.id = ANY(p_lost || p_ids) AND b.brand_id = p_brand AND b.vendor_code = p_vendor AND b.status = 'open'
    ORDER BY b.id
    FOR UPDATE
  ),
  settled AS (
    UPDATE sports_bets b
    SET status = o.status, payout = o.payout, liability = 0, settled_at = now(),
      settle_version = b.settle_version + 1
    FROM cur JOIN outcome o ON o.id = cur.id
    WHERE b.id = cur.id
    RETURNING b.id, b.member_id, o.status, o.payout, o.wallet, o.key, o.hash, cur.liability
  )
  SELECT count(*),
    coalesce(array_agg('S' || id) FILTER (WHERE status = 'lost'), '{}'),
    coalesce(array_agg(id) FILTER (WHERE liability <> 0), '{}'),
    coalesce(array_agg(member_id) FILTER (WHERE liability <> 0), '{}'),
    coalesce(array_agg(liability) FILTER (WHERE liability <> 0), '{}'),
    coalesce(array_agg('S' || id ORDER BY wallet, id) FILTER (WHERE status <> 'lost'), '{}'),
    coalesce(array_agg(member_id ORDER BY wallet, id) FILTER (WHERE status <> 'lost'), '{}'),
    coalesce(array_agg(wallet ORDER BY wallet, id) FILTER (WHERE status <> 'lost'), '{}'),
    coalesce(array_agg(payout ORDER BY wallet, id) FILTER (WHERE status <> 'lost'), '{}'),
    coalesce(array_agg(key ORDER BY wallet, id) FILTER (WHERE status <> 'lost'), '{}'),
    coalesce(array_agg(hash ORDER BY wallet, id) FILTER (WHERE status <> 'lost'), '{}')
  INTO v_settled, v_lost, v_ids, v_holders, v_amounts, v_rounds, v_members, v_wallets, v_payouts, v_keys,
    v_hashes
  FROM settled;

  PERFORM vendor_settle_lost(p_brand, p_vendor, v_lost);
  v_balances := vendor_win_many(p_brand, p_vendor, p_house, v_rounds, v_members, v_wallets, v_payouts,
    v_keys, v_hashes, '{}'::jsonb);
  PERFORM sports_unexpose(v_ids, v_holders, v_amounts);
  RETURN jsonb_build_object('settled', v_settled, 'balances', v_balances);
END;
$$;
--> statement-breakpoint
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
