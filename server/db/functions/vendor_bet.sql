-- The game-vendor wallet, one movement at a time (docs/money.md): a bet opens (or joins) its round, moves
-- the money and adds its stake to the round (the member's betting record) in one statement. A settled round
-- takes no new bet (a replay of one it took still answers). vendor_batch applies the same round rules to
-- many items at once.
CREATE OR REPLACE FUNCTION vendor_bet(
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
  INSERT INTO vendor_rounds (brand_id, vendor_code, round_id, member_id, game_code)
  VALUES (p_brand, p_vendor, p_round, p_member, p_meta->>'game')
  ON CONFLICT (brand_id, vendor_code, round_id) DO NOTHING;
  SELECT member_id, status INTO v_owner, v_status FROM vendor_rounds
  WHERE brand_id = p_brand AND vendor_code = p_vendor AND round_id = p_round;
  IF v_owner <> p_member THEN
    RAISE EXCEPTION 'VENDOR_ROUND_MISMATCH';
  END IF;
  IF v_status = 'settled' AND NOT EXISTS (
    SELECT 1 FROM ledger_transactions WHERE brand_id = p_brand AND idempotency_key = p_key
  ) THEN
    RAISE EXCEPTION 'VENDOR_ROUND_SETTLED';
  END IF;
  v_out := ledger_post(p_brand, p_key, 'bet', p_request_hash, p_meta, p_accounts, p_amounts);
  IF NOT (v_out->>'replayed')::boolean THEN
    -- Checked again on the round's latest version: a win that settled it while this bet waited for the
    -- wallet undoes the bet with the whole statement.
    UPDATE vendor_rounds
    SET stake = stake + (SELECT coalesce(max(a), 0) FROM unnest(p_amounts) AS a),
        status = CASE WHEN status = 'cancelled' THEN 'open' ELSE status END
    WHERE brand_id = p_brand AND vendor_code = p_vendor AND round_id = p_round AND status <> 'settled';
    IF NOT FOUND THEN
      RAISE EXCEPTION 'VENDOR_ROUND_SETTLED';
    END IF;
  END IF;
  RETURN v_out;
END;
$$;
