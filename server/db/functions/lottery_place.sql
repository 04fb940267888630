-- A lottery bet slip (docs/lottery.md), in one statement: every draw it names must be taking bets by
-- this database's clock (the first one open now; a chase's later ones before their close) (a draw closing meanwhile waits for this statement, then refuses the next), each
-- line is a row and a round of the game's vendor whose stake moves through vendor_bet; a chase is its own
-- row. A request id already used answers with its lines; a refusal (a draw closed, not enough money)
-- writes nothing.
CREATE OR REPLACE FUNCTION lottery_place(
  p_brand integer,
  p_member integer,
  p_game integer,
  p_game_code text,
  p_vendor text,
  p_request text,
  p_draws bigint[],
  p_stop_on_win boolean,
  p_items jsonb,
  p_wallet bigint
) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_open integer;
  v_chase bigint;
  v_item jsonb;
  v_id bigint;
  v_round text;
  v_out jsonb;
  v_balance bigint;
  v_ids bigint[] := '{}';
BEGIN
  IF EXISTS (SELECT 1 FROM lottery_bets WHERE member_id = p_member AND request_id = p_request) THEN
    RETURN jsonb_build_object('replayed', true);
  END IF;

  -- Locked so that a draw's close (FOR UPDATE) waits for this slip, and a slip arriving after the close
  -- sees it closed.
  SELECT count(*) INTO v_open FROM (
    SELECT id FROM lottery_draws
    WHERE id = ANY(p_draws) AND game_id = p_game AND brand_id = p_brand
      AND status IN ('scheduled', 'open') AND now() < closes_at AND (id <> p_draws[1] OR now() >= opens_at)
    FOR KEY SHARE
  ) d;
  IF v_open <> cardinality(p_draws) THEN
    RAISE EXCEPTION 'LOTTERY_DRAW_CLOSED';
  END IF;

  IF cardinality(p_draws) > 1 THEN
    INSERT INTO lottery_chases (brand_id, member_id, game_id, draws, stop_on_win)
    VALUES (p_brand, p_member, p_game, cardinality(p_draws), p_stop_on_win)
    RETURNING id INTO v_chase;
  END IF;

  FOR v_item IN SELECT value FROM jsonb_array_elements(p_items) LOOP
    INSERT INTO lottery_bets (brand_id, member_id, draw_id, game_id, chase_id, request_id, line, bet_type,
      selection, combos, unit, multiplier, stake, odds)
    VALUES (p_brand, p_member, (v_item->>'draw')::bigint, p_game, v_chase, p_request, (v_item->>'line')::smallint,
      v_item->>'betType', v_item->'selection', (v_item->>'combos')::integer, (v_item->>'unit')::bigint,
      (v_item->>'multiplier')::integer, (v_item->>'stake')::bigint, v_item->'odds')
    RETURNING id INTO v_id;
    v_round := 'L' || v_id;
    v_out := vendor_bet(p_brand, p_vendor, v_round, p_member, v_item->>'key', v_item->>'hash',
      jsonb_build_object('vendor', p_vendor, 'round', v_round, 'game', p_game_code, 'member', p_member),
      ARRAY(SELECT jsonb_array_elements_text(v_item->'accounts'))::bigint[],
      ARRAY(SELECT jsonb_array_elements_text(v_item->'amounts'))::bigint[]);
    v_balance := (v_out->'balances'->>p_wallet::text)::bigint;
    v_ids := v_ids || v_id;
  END LOOP;

  RETURN jsonb_build_object('replayed', false, 'ids', to_jsonb(v_ids), 'balance', v_balance, 'chase', v_chase);
END;
$$;
