-- The game-vendor wallet, one movement at a time (docs/money.md): a win must name a round its player bet
-- in; it settles the round (a win of 0, with no postings, settles a lost round), once: a settled round
-- takes no second win and a cancelled one none (a replay of the win it took still answers), and the first
-- settlement time stays (rebate counts a round by it). vendor_batch applies the same round rules to many
-- items at once.
CREATE OR REPLACE FUNCTION vendor_win(
  p_brand integer,
  p_vendor text,
  p_round text,
  p_member integer,
  p_key text,
  p_request_hash text,
  p_meta jsonb,
  p_accounts bigint[],
  p_amounts bigint[]
) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_owner integer;
  v_status text;
  v_out jsonb;
BEGIN
  SELECT member_id, status INTO v_owner, v_status FROM vendor_rounds
  WHERE brand_id = p_brand AND vendor_code = p_vendor AND round_id = p_round;
  IF v_owner IS NULL THEN
    RAISE EXCEPTION 'VENDOR_ROUND_NOT_FOUND';
  END IF;
  IF v_owner <> p_member THEN
    RAISE EXCEPTION 'VENDOR_ROUND_MISMATCH';
  END IF;
  -- Every bet of a cancelled round came back: nothing was staked for a win to pay; a settled round was
  -- paid already. A replay still answers.
  IF v_status <> 'open' AND NOT EXISTS (
    SELECT 1 FROM ledger_transactions WHERE brand_id = p_brand AND idempotency_key = p_key
  ) THEN
    RAISE EXCEPTION '%', CASE WHEN v_status = 'cancelled' THEN 'VENDOR_ROUND_CANCELLED' ELSE 'VENDOR_ROUND_SETTLED' END;
  END IF;
  v_out := ledger_post(p_brand, p_key, 'win', p_request_hash, p_meta, p_accounts, p_amounts);
  IF NOT (v_out->>'replayed')::boolean THEN
    -- Checked again on the round's latest version: another win that settled it while this one waited
    -- undoes this one with the whole statement.
    UPDATE vendor_rounds
    SET payout = payout + (SELECT coalesce(max(a), 0) FROM unnest(p_amounts) AS a),
        status = 'settled', settled_at = coalesce(settled_at, now())
    WHERE brand_id = p_brand AND vendor_code = p_vendor AND round_id = p_round AND status = 'open';
    IF NOT FOUND THEN
      SELECT status INTO v_status FROM vendor_rounds
      WHERE brand_id = p_brand AND vendor_code = p_vendor AND round_id = p_round;
      RAISE EXCEPTION '%', CASE WHEN v_status = 'cancelled' THEN 'VENDOR_ROUND_CANCELLED' ELSE 'VENDOR_ROUND_SETTLED' END;
    END IF;
  END IF;
  RETURN v_out;
END;
$$;
