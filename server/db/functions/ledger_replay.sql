-- The answer of a replayed idempotency key, shared by ledger_post and vendor_batch: the movement's stored
-- balances and result, or LEDGER_VOIDED / LEDGER_KEY_REUSED.
CREATE OR REPLACE FUNCTION ledger_replay(p_brand integer, p_key text, p_request_hash text) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_existing record;
  v_balances jsonb;
BEGIN
  SELECT t.id, t.kind, t.request_hash, t.result INTO v_existing
  FROM ledger_transactions t WHERE t.brand_id = p_brand AND t.idempotency_key = p_key;
  IF v_existing.kind = 'void' THEN
    RAISE EXCEPTION 'LEDGER_VOIDED';
  END IF;
  IF v_existing.request_hash <> p_request_hash THEN
    RAISE EXCEPTION 'LEDGER_KEY_REUSED';
  END IF;
  SELECT coalesce(jsonb_object_agg(e.account_id::text, e.balance_after), '{}'::jsonb) INTO v_balances
  FROM ledger_entries e WHERE e.transaction_id = v_existing.id AND e.balance_after IS NOT NULL;
  RETURN jsonb_build_object(
    'transactionId', v_existing.id, 'replayed', true, 'balances', v_balances, 'result', v_existing.result
  );
END;
$$;
