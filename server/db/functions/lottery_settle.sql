-- Settles a chunk of a drawn lottery draw's lines (docs/lottery.md), each line once: lost lines settle
-- with their rounds and no money (vendor_settle_lost); won lines still placed are marked won and paid
-- through vendor_win_many, each under its own key, in one set-based statement. A line that is not placed
-- any more (settled by an earlier run, refunded) is left alone. Answers the main balance of each wallet
-- paid, by account id.
CREATE OR REPLACE FUNCTION lottery_settle(
  p_brand integer,
  p_draw bigint,
  p_vendor text,
  p_game_code text,
  p_lost bigint[],
  p_house bigint,
  p_ids bigint[],
  p_payouts bigint[],
  p_wallets bigint[],
  p_keys text[],
  p_hashes text[]
) RETURNS jsonb
LANGUAGE plpgsql
-- Each call plans its statements for its own arrays: a cached generic plan cannot know their sizes and
-- once scanned every round for a chunk of a few thousand.
SET plan_cache_mode = force_custom_plan
AS $$
DECLARE
  v_rounds text[];
  v_won_rounds text[];
  v_members integer[];
  v_wallets bigint[];
  v_amounts bigint[];
  v_keys text[];
  v_hashes text[];
  v_balances jsonb;
BEGIN
  WITH lost AS (
    UPDATE lottery_bets SET status = 'lost', settled_at = now()
    WHERE id = ANY(p_lost) AND draw_id = p_draw AND status = 'placed'
    RETURNING id
  )
  SELECT coalesce(array_agg('L' || id), '{}') INTO v_rounds FROM lost;
  PERFORM vendor_settle_lost(p_brand, p_vendor, v_rounds);

  WITH won AS (
    UPDATE lottery_bets b SET status = 'won', payout = w.payout, settled_at = now()
    FROM unnest(p_ids, p_payouts, p_wallets, p_keys, p_hashes) AS w(id, payout, wallet, key, hash)
    WHERE b.id = w.id AND b.draw_id = p_draw AND b.status = 'placed'
    RETURNING b.id, b.member_id, w.payout, w.wallet, w.key, w.hash
  )
  SELECT coalesce(array_agg('L' || id ORDER BY wallet, id), '{}'),
    coalesce(array_agg(member_id ORDER BY wallet, id), '{}'),
    coalesce(array_agg(wallet ORDER BY wallet, id), '{}'),
    coalesce(array_agg(payout ORDER BY wallet, id), '{}'),
    coalesce(array_agg(key ORDER BY wallet, id), '{}'),
    coalesce(array_agg(hash ORDER BY wallet, id), '{}')
  INTO v_won_rounds, v_members, v_wallets, v_amounts, v_keys, v_hashes
  FROM won;
  v_balances := vendor_win_many(p_brand, p_vendor, p_house, v_won_rounds, v_members, v_wallets, v_amounts,
    v_keys, v_hashes, jsonb_build_object('game', p_game_code));
  RETURN jsonb_build_object('lost', cardinality(v_rounds), 'balances', v_balances);
END;
$$;
