-- Written by npm run db:functions from server/db/functions/ (new lottery_close, lottery_place, lottery_refund, lottery_settle, vendor_settle_lost).
-- Edit those files and run it again; do not edit this migration once it has been applied anywhere.
-- Closes a lottery draw once its window has passed (docs/lottery.md): waits for slips being placed on it,
-- then fixes its mix, the SHA-256 of its accepted lines in id order, which with the committed seed decides
-- its numbers. Answers the draw's mix and line count, or null when it was not due or is closed already.
CREATE OR REPLACE FUNCTION lottery_close(p_draw bigint) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_count integer;
  v_mix text;
BEGIN
  PERFORM 1 FROM lottery_draws
  WHERE id = p_draw AND status IN ('scheduled', 'open') AND closes_at <= now()
  FOR UPDATE;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  SELECT count(*),
    encode(sha256(convert_to(coalesce(string_agg(
      id || ':' || member_id || ':' || bet_type || ':' || selection::text || ':' || unit || ':' || multiplier,
      E'\n' ORDER BY id), ''), 'UTF8')), 'hex')
  INTO v_count, v_mix
  FROM lottery_bets WHERE draw_id = p_draw AND status = 'placed';
  UPDATE lottery_draws SET status = 'closed', mix = v_mix, bet_count = v_count WHERE id = p_draw;
  RETURN jsonb_build_object('mix', v_mix, 'bets', v_count);
END;
$$;
--> statement-breakpoint
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
--> statement-breakpoint
-- Gives lottery lines their stake back (docs/lottery.md), each once, through vendor_rollback:
-- - 'member': the member cancels lines of their own while the draw still takes bets, by this database's
--   clock (locked as a slip is, so a close waits); a line that cannot be cancelled refuses the whole call;
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
  v_member integer;
  v_round text;
  v_out jsonb;
  v_ids bigint[] := '{}';
  v_balances jsonb := '{}'::jsonb;
BEGIN
  FOR v_item IN SELECT value FROM jsonb_array_elements(p_items) LOOP
    v_id := (v_item->>'id')::bigint;
    IF p_mode <> 'draw' THEN
      PERFORM 1 FROM lottery_draws d JOIN lottery_bets b ON b.draw_id = d.id
      WHERE b.id = v_id AND d.status IN ('scheduled', 'open') AND now() < d.closes_at
      FOR KEY SHARE OF d;
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
--> statement-breakpoint
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
--> statement-breakpoint
-- Settles many lost rounds of one vendor at once (docs/money.md): a round that paid nothing moves no money,
-- so it needs no ledger movement, only its settlement (the first settlement time stays). Rounds already
-- settled or cancelled are left as they are; answers how many were settled now.
CREATE OR REPLACE FUNCTION vendor_settle_lost(p_brand integer, p_vendor text, p_rounds text[]) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  v_count integer;
BEGIN
  UPDATE vendor_rounds SET status = 'settled', settled_at = coalesce(settled_at, now())
  WHERE brand_id = p_brand AND vendor_code = p_vendor AND round_id = ANY(p_rounds) AND status = 'open';
  GET DIAGNOSTICS v_count = ROW_COUNT;
  RETURN v_count;
END;
$$;
