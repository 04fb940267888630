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
