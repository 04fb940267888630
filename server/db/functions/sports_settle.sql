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
