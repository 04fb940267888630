-- A movement inside a round that is neither its first win nor a bet (docs/money.md): a cash-out paid before
-- the round ends (partial: the round stays open; whole: it settles), and a correction of a settled round
-- (the difference between the old and the new payout, either way, or the whole payout taken back when a
-- result is withdrawn and the round opens again). The posting and the round's payout and status change in
-- one statement; a replay of the key moves nothing again. A cancelled round takes nothing.
CREATE OR REPLACE FUNCTION vendor_adjust(
  p_brand integer,
  p_vendor text,
  p_round text,
  p_member integer,
  p_key text,
  p_kind text,
  p_request_hash text,
  p_meta jsonb,
  p_accounts bigint[],
  p_amounts bigint[],
  p_payout_delta bigint,
  p_status text
) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_owner integer;
  v_status text;
  v_out jsonb;
BEGIN
  IF p_status NOT IN ('open', 'settled') THEN
    RAISE EXCEPTION 'VENDOR_BAD_STATUS';
  END IF;
  SELECT member_id, status INTO v_owner, v_status FROM vendor_rounds
  WHERE brand_id = p_brand AND vendor_code = p_vendor AND round_id = p_round
  FOR UPDATE;
  IF v_owner IS NULL THEN
    RAISE EXCEPTION 'VENDOR_ROUND_NOT_FOUND';
  END IF;
  IF v_owner <> p_member THEN
    RAISE EXCEPTION 'VENDOR_ROUND_MISMATCH';
  END IF;
  IF v_status = 'cancelled' THEN
    RAISE EXCEPTION 'VENDOR_ROUND_CANCELLED';
  END IF;
  -- A correction that changes no payout posts nothing but still claims its key once.
  v_out := ledger_post(p_brand, p_key, p_kind, p_request_hash, p_meta, p_accounts, p_amounts);
  IF NOT (v_out->>'replayed')::boolean THEN
    UPDATE vendor_rounds
    SET payout = payout + p_payout_delta,
        status = p_status,
        settled_at = CASE WHEN p_status = 'settled' THEN coalesce(settled_at, now()) ELSE NULL END
    WHERE brand_id = p_brand AND vendor_code = p_vendor AND round_id = p_round;
  END IF;
  RETURN v_out;
END;
$$;
