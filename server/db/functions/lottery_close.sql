-- Closes a lottery draw once its window has passed (docs/lottery.md): takes the draw's advisory lock
-- exclusively, so slips being placed on it (which hold it shared) finish first, then fixes its mix, the
-- SHA-256 of its accepted lines in id order, which with the committed seed decides its numbers. Answers
-- the draw's mix and line count, or null when it was not due or is closed already.
CREATE OR REPLACE FUNCTION lottery_close(p_draw bigint) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_count integer;
  v_mix text;
BEGIN
  PERFORM pg_advisory_xact_lock(1819243636, (p_draw % 2147483647)::integer);
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
