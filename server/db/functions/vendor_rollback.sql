-- A vendor's rollback of a bet (docs/money.md): the bet is given back through ledger_reverse (or refused
-- when it arrives later) and the refund is added to its round in the same statement; a round whose every
-- bet came back, with nothing won, is cancelled. The bet must belong to the named round and player, and a
-- round already settled (paid) takes no rollback.
CREATE OR REPLACE FUNCTION vendor_rollback(
  p_brand integer,
  p_vendor text,
  p_round text,
  p_member integer,
  p_target_key text,
  p_reverse_key text,
  p_request_hash text,
  p_meta jsonb
) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_out jsonb;
  v_refund bigint;
  v_bet record;
  v_status text;
BEGIN
  -- The bet must be this player's in this round, and the round not paid yet (a replay still answers).
  SELECT t.kind, t.meta INTO v_bet
  FROM ledger_transactions t WHERE t.brand_id = p_brand AND t.idempotency_key = p_target_key;
  IF FOUND AND v_bet.kind = 'bet' AND (
    v_bet.meta->>'round' IS DISTINCT FROM p_round OR (v_bet.meta->>'member')::integer IS DISTINCT FROM p_member
  ) THEN
    RAISE EXCEPTION 'VENDOR_ROUND_MISMATCH';
  END IF;
  SELECT status INTO v_status FROM vendor_rounds
  WHERE brand_id = p_brand AND vendor_code = p_vendor AND round_id = p_round;
  IF v_status = 'settled' AND NOT EXISTS (
    SELECT 1 FROM ledger_transactions WHERE brand_id = p_brand AND idempotency_key = p_reverse_key
  ) THEN
    RAISE EXCEPTION 'VENDOR_ROUND_SETTLED';
  END IF;
  v_out := ledger_reverse(p_brand, p_target_key, p_reverse_key, p_request_hash, p_meta);
  IF NOT (v_out->>'replayed')::boolean AND v_out->>'original' <> 'missing' THEN
    SELECT coalesce(max(e.amount), 0) INTO v_refund
    FROM ledger_entries e WHERE e.transaction_id = (v_out->>'original')::bigint;
    UPDATE vendor_rounds
    SET refunded = refunded + v_refund,
        status = CASE WHEN refunded + v_refund >= stake AND payout = 0 THEN 'cancelled' ELSE status END,
        settled_at = CASE WHEN refunded + v_refund >= stake AND payout = 0 THEN now() ELSE settled_at END
    WHERE brand_id = p_brand AND vendor_code = p_vendor AND round_id = p_round AND member_id = p_member;
  END IF;
  RETURN v_out;
END;
$$;
