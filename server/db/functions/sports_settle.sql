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
