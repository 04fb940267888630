-- Written by npm run db:functions from server/db/functions/ (changed lottery_close, lottery_place).
-- Edit those files and run it again; do not edit this migration once it has been applied anywhere.
-- Closes a lottery draw once its window has passed (docs/lottery.md): takes the draw's advisory lock
-- exclusively, so slips being placed on it (which hold it shared) finish first, then publishes its
-- accepted lines in lottery_draw_leaves as their leaves (src/lottery/verify.ts: no member id in them),
-- sorted and joined by newlines, and fixes its mix, the SHA-256 of that text, which with the committed
-- seed decides its numbers (scheme 2). Answers the draw's mix and line count, or null when it was not
-- due or is closed already.
CREATE OR REPLACE FUNCTION lottery_close(p_draw bigint) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_count integer;
  v_leaves text;
  v_mix text;
BEGIN
  PERFORM pg_advisory_xact_lock(1819243636, (p_draw % 2147483647)::integer);
  PERFORM 1 FROM lottery_draws
  WHERE id = p_draw AND status IN ('scheduled', 'open') AND closes_at <= now()
  FOR UPDATE;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  -- A line without a leaf could not be found by its member: refuse to publish an incomplete list.
  IF EXISTS (SELECT 1 FROM lottery_bets WHERE draw_id = p_draw AND status = 'placed' AND leaf IS NULL) THEN
    RAISE EXCEPTION 'LOTTERY_LINE_WITHOUT_LEAF';
  END IF;
  SELECT count(*), coalesce(string_agg(leaf, E'\n' ORDER BY leaf COLLATE "C"), '')
  INTO v_count, v_leaves
  FROM lottery_bets WHERE draw_id = p_draw AND status = 'placed';
  v_mix := encode(sha256(convert_to(v_leaves, 'UTF8')), 'hex');
  INSERT INTO lottery_draw_leaves (draw_id, leaves) VALUES (p_draw, v_leaves);
  UPDATE lottery_draws SET status = 'closed', mix = v_mix, mix_scheme = 2, bet_count = v_count
  WHERE id = p_draw;
  RETURN jsonb_build_object('mix', v_mix, 'bets', v_count);
END;
$$;
--> statement-breakpoint
-- A lottery bet slip (docs/lottery.md), in one statement: every draw it names must be taking bets by
-- this database's clock (the first one open now; a chase's later ones before their close). Each draw is
-- held with a shared advisory lock until the slip commits, so a draw's close (which takes it exclusively)
-- waits for slips in flight and a slip arriving after the close sees it closed. Every line is a row and a
-- round `L<id>` of the game's vendor, their stakes moved through vendor_bet_many (one wallet update for
-- the slip, one movement per line), with the salt and leaf the service gave it (src/lottery/verify.ts: the
-- draw publishes the leaf at its close); a chase is its own row. A request id already used answers with its
-- lines; a refusal (a draw closed, not enough money) writes nothing.
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
  p_wallet bigint,
  p_house bigint
) RETURNS jsonb
LANGUAGE plpgsql
-- Each call plans its statements for its own arrays: a cached generic plan cannot know their sizes and
-- once scanned every round for a chunk of a few thousand.
SET plan_cache_mode = force_custom_plan
AS $$
DECLARE
  v_open integer;
  v_chase bigint;
  v_ids bigint[];
  v_rounds text[];
  v_amounts bigint[];
  v_keys text[];
  v_hashes text[];
  v_balance bigint;
  v_lines jsonb;
BEGIN
  IF EXISTS (SELECT 1 FROM lottery_bets WHERE member_id = p_member AND request_id = p_request) THEN
    RETURN jsonb_build_object('replayed', true);
  END IF;

  PERFORM pg_advisory_xact_lock_shared(1819243636, (d % 2147483647)::integer)
  FROM unnest(p_draws) d ORDER BY d;
  SELECT count(*) INTO v_open FROM lottery_draws
  WHERE id = ANY(p_draws) AND game_id = p_game AND brand_id = p_brand
    AND status IN ('scheduled', 'open') AND now() < closes_at AND (id <> p_draws[1] OR now() >= opens_at);
  IF v_open <> cardinality(p_draws) THEN
    RAISE EXCEPTION 'LOTTERY_DRAW_CLOSED';
  END IF;

  IF cardinality(p_draws) > 1 THEN
    INSERT INTO lottery_chases (brand_id, member_id, game_id, draws, stop_on_win)
    VALUES (p_brand, p_member, p_game, cardinality(p_draws), p_stop_on_win)
    RETURNING id INTO v_chase;
  END IF;

  WITH placed AS (
    INSERT INTO lottery_bets (brand_id, member_id, draw_id, game_id, chase_id, request_id, line, bet_type,
      selection, combos, unit, multiplier, stake, odds, salt, leaf)
    SELECT p_brand, p_member, i.draw, p_game, v_chase, p_request, i.line, i."betType", i.selection, i.combos,
      i.unit, i.multiplier, i.stake, i.odds, i.salt, i.leaf
    FROM jsonb_to_recordset(p_items) AS i(draw bigint, line smallint, "betType" text, selection jsonb,
      combos integer, unit bigint, multiplier integer, stake bigint, odds jsonb, salt text, leaf text)
    RETURNING id, draw_id, line, stake
  )
  SELECT array_agg(p.id ORDER BY p.id), array_agg('L' || p.id ORDER BY p.id), array_agg(p.stake ORDER BY p.id),
    array_agg(i.key ORDER BY p.id), array_agg(i.hash ORDER BY p.id),
    jsonb_agg(jsonb_build_object('id', p.id, 'draw', p.draw_id, 'line', p.line) ORDER BY p.id)
  INTO v_ids, v_rounds, v_amounts, v_keys, v_hashes, v_lines
  FROM placed p
  JOIN jsonb_to_recordset(p_items) AS i(draw bigint, line smallint, key text, hash text)
    ON i.draw = p.draw_id AND i.line = p.line;

  v_balance := vendor_bet_many(p_brand, p_vendor, p_member, p_wallet, p_house, v_rounds,
    array_fill(p_game_code, ARRAY[cardinality(v_rounds)]), v_amounts, v_keys, v_hashes, '{}'::jsonb);

  RETURN jsonb_build_object('replayed', false, 'lines', v_lines, 'balance', v_balance, 'chase', v_chase,
    'at', now());
END;
$$;
