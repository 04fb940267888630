-- Settles lines of a drawn lottery draw (docs/lottery.md), a chunk at a time, each line once: lost lines
-- are settled together with their rounds (no money moves), each won line is paid through vendor_win under
-- its own key. A line that is not placed any more (settled by an earlier run, refunded) is left alone.
-- Winners come in wallet order, so two chunks settling at once lock wallets in the same order. Answers
-- the main balance of each member paid.
CREATE OR REPLACE FUNCTION lottery_settle(
  p_brand integer,
  p_draw bigint,
  p_vendor text,
  p_game_code text,
  p_lost bigint[],
  p_wins jsonb
) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_rounds text[];
  v_item jsonb;
  v_member integer;
  v_round text;
  v_out jsonb;
  v_balances jsonb := '{}'::jsonb;
BEGIN
  WITH lost AS (
    UPDATE lottery_bets SET status = 'lost', settled_at = now()
    WHERE id = ANY(p_lost) AND draw_id = p_draw AND status = 'placed'
    RETURNING id
  )
  SELECT coalesce(array_agg('L' || id), '{}') INTO v_rounds FROM lost;
  PERFORM vendor_settle_lost(p_brand, p_vendor, v_rounds);

  FOR v_item IN SELECT value FROM jsonb_array_elements(p_wins) LOOP
    UPDATE lottery_bets SET status = 'won', payout = (v_item->>'payout')::bigint, settled_at = now()
    WHERE id = (v_item->>'id')::bigint AND draw_id = p_draw AND status = 'placed'
    RETURNING member_id INTO v_member;
    IF FOUND THEN
      v_round := 'L' || (v_item->>'id');
      v_out := vendor_win(p_brand, p_vendor, v_round, v_member, v_item->>'key', v_item->>'hash',
        jsonb_build_object('vendor', p_vendor, 'round', v_round, 'game', p_game_code, 'member', v_member),
        ARRAY(SELECT jsonb_array_elements_text(v_item->'accounts'))::bigint[],
        ARRAY(SELECT jsonb_array_elements_text(v_item->'amounts'))::bigint[]);
      v_balances := v_balances || jsonb_build_object(
        v_member::text, (v_out->'balances'->>(v_item->>'wallet'))::bigint);
    END IF;
  END LOOP;
  RETURN jsonb_build_object('lost', cardinality(v_rounds), 'balances', v_balances);
END;
$$;
