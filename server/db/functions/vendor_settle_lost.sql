-- Settles many lost rounds of one vendor at once (docs/money.md): a round that paid nothing moves no money,
-- so it needs no ledger movement, only its settlement (the first settlement time stays). Rounds already
-- settled or cancelled are left as they are; answers how many were settled now.
CREATE OR REPLACE FUNCTION vendor_settle_lost(p_brand integer, p_vendor text, p_rounds text[]) RETURNS integer
LANGUAGE plpgsql
-- Each call plans its statements for its own arrays: a cached generic plan cannot know their sizes and
-- once scanned every round for a chunk of a few thousand.
SET plan_cache_mode = force_custom_plan
AS $$
DECLARE
  v_count integer;
BEGIN
  UPDATE vendor_rounds SET status = 'settled', settled_at = coalesce(settled_at, now())
  WHERE brand_id = p_brand AND vendor_code = p_vendor AND round_id = ANY(p_rounds) AND status = 'open';
  GET DIAGNOSTICS v_count = ROW_COUNT;
  RETURN v_count;
END;
$$;
