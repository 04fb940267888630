-- A withdrawal's status and its money change together, in one statement (docs/money.md).
CREATE OR REPLACE FUNCTION withdrawal_decide(
  p_withdrawal bigint,
  p_to text,
  p_from text[],
  p_operator integer,
  p_reason text,
  p_kind text,
  p_accounts bigint[],
  p_amounts bigint[]
) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_row record;
BEGIN
  SELECT id, brand_id, status, reference INTO v_row FROM withdrawals WHERE id = p_withdrawal FOR UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'WITHDRAWAL_NOT_FOUND';
  END IF;
  IF v_row.status = p_to THEN
    RETURN jsonb_build_object('status', p_to, 'replayed', true);
  END IF;
  IF NOT (v_row.status = ANY (p_from)) THEN
    RAISE EXCEPTION 'WITHDRAWAL_STATE' USING DETAIL = v_row.status;
  END IF;
  IF coalesce(array_length(p_accounts, 1), 0) > 0 THEN
    PERFORM ledger_post(
      v_row.brand_id, 'withdrawal:' || p_withdrawal || ':' || p_kind, p_kind, p_kind,
      jsonb_build_object('withdrawal', v_row.reference), p_accounts, p_amounts
    );
  END IF;
  UPDATE withdrawals SET
    status = p_to,
    reason = coalesce(p_reason, reason),
    decided_by = coalesce(p_operator, decided_by),
    -- When the money moved: the member's time to confirm receipt counts from the payment.
    decided_at = CASE WHEN p_to IN ('paid', 'rejected', 'refunded') THEN now() ELSE decided_at END,
    updated_at = now()
  WHERE id = p_withdrawal;
  RETURN jsonb_build_object('status', p_to, 'replayed', false);
END;
$$;
