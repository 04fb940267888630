-- A deposit's status and its money change together, in one statement (docs/money.md).
CREATE OR REPLACE FUNCTION deposit_settle(
  p_deposit bigint,
  p_to text,
  p_from text[],
  p_reason text,
  p_decided_by integer,
  p_gateway_reference text,
  p_request_hash text,
  p_accounts bigint[],
  p_amounts bigint[]
) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_deposit record;
  v_out jsonb;
BEGIN
  SELECT id, brand_id, status INTO v_deposit FROM deposits WHERE id = p_deposit FOR UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'DEPOSIT_NOT_FOUND';
  END IF;
  IF v_deposit.status = p_to THEN
    -- A repeated notification or click: already done, nothing moves.
    RETURN jsonb_build_object('status', p_to, 'replayed', true);
  END IF;
  IF NOT (v_deposit.status = ANY (p_from)) THEN
    RAISE EXCEPTION 'DEPOSIT_STATE' USING DETAIL = v_deposit.status;
  END IF;
  IF p_to = 'credited' THEN
    v_out := ledger_post(
      v_deposit.brand_id, 'deposit:' || p_deposit, 'deposit', p_request_hash,
      jsonb_build_object('deposit', p_deposit), p_accounts, p_amounts
    );
  END IF;
  UPDATE deposits SET
    status = p_to,
    reason = coalesce(p_reason, reason),
    decided_by = coalesce(p_decided_by, decided_by),
    gateway_reference = coalesce(p_gateway_reference, gateway_reference),
    ledger_transaction_id = coalesce((v_out->>'transactionId')::bigint, ledger_transaction_id),
    updated_at = now()
  WHERE id = p_deposit;
  RETURN jsonb_build_object('status', p_to, 'replayed', false);
END;
$$;
