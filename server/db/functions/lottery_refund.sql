-- Gives lottery lines their stake back (docs/lottery.md), each once, through vendor_rollback:
-- - 'member': the member cancels lines of their own while the draw still takes bets, by this database's
--   clock (the draw held as a slip holds it, so a close waits); a line that cannot be cancelled refuses
--   the whole call;
-- - 'chase': a chase that won gives back its lines in draws still taking bets; the others play on;
-- - 'draw': every line of a cancelled draw.
-- Answers the refunded line ids and the main balance of each member refunded.
CREATE OR REPLACE FUNCTION lottery_refund(
  p_brand integer,
  p_vendor text,
  p_game_code text,
  p_mode text,
  p_member integer,
  p_items jsonb
) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_item jsonb;
  v_id bigint;
  v_draw bigint;
  v_member integer;
  v_round text;
  v_out jsonb;
  v_ids bigint[] := '{}';
  v_balances jsonb := '{}'::jsonb;
BEGIN
  FOR v_item IN SELECT value FROM jsonb_array_elements(p_items) LOOP
    v_id := (v_item->>'id')::bigint;
    IF p_mode <> 'draw' THEN
      SELECT draw_id INTO v_draw FROM lottery_bets WHERE id = v_id;
      PERFORM pg_advisory_xact_lock_shared(1819243636, (coalesce(v_draw, 0) % 2147483647)::integer);
      PERFORM 1 FROM lottery_draws d
      WHERE d.id = v_draw AND d.status IN ('scheduled', 'open') AND now() < d.closes_at;
      IF NOT FOUND THEN
        IF p_mode = 'member' THEN
          RAISE EXCEPTION 'LOTTERY_DRAW_CLOSED';
        END IF;
        CONTINUE;
      END IF;
    END IF;
    UPDATE lottery_bets SET status = 'refunded', settled_at = now()
    WHERE id = v_id AND status = 'placed' AND brand_id = p_brand
      AND (p_member IS NULL OR member_id = p_member)
    RETURNING member_id INTO v_member;
    IF NOT FOUND THEN
      IF p_mode = 'member' THEN
        RAISE EXCEPTION 'LOTTERY_BET_NOT_OPEN';
      END IF;
      CONTINUE;
    END IF;
    v_round := 'L' || v_id;
    v_out := vendor_rollback(p_brand, p_vendor, v_round, v_member, v_item->>'targetKey', v_item->>'key',
      v_item->>'hash',
      jsonb_build_object('vendor', p_vendor, 'round', v_round, 'game', p_game_code, 'member', v_member));
    v_ids := v_ids || v_id;
    v_balances := v_balances || jsonb_build_object(
      v_member::text, (v_out->'balances'->>(v_item->>'wallet'))::bigint);
  END LOOP;
  RETURN jsonb_build_object('ids', to_jsonb(v_ids), 'balances', v_balances);
END;
$$;
