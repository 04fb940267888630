-- The ledger's write path (docs/money.md): one statement per movement, so the hot path is one round trip.
-- Errors are raised with SQLSTATE P0001 and a message the server maps to a stable error code. A key that
-- is already claimed is answered by ledger_replay.
CREATE OR REPLACE FUNCTION ledger_post(
  p_brand integer,
  p_key text,
  p_kind text,
  p_request_hash text,
  p_meta jsonb,
  p_accounts bigint[],
  p_amounts bigint[]
) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_tx bigint;
  v_balances jsonb := '{}'::jsonb;
  v_balance bigint;
  v_version bigint;
  v_account bigint;
  v_amount bigint;
BEGIN
  IF coalesce(array_length(p_accounts, 1), 0) <> coalesce(array_length(p_amounts, 1), 0) THEN
    RAISE EXCEPTION 'LEDGER_BAD_POSTINGS';
  END IF;
  IF (SELECT coalesce(sum(a), 0) FROM unnest(p_amounts) AS a) <> 0 THEN
    RAISE EXCEPTION 'LEDGER_UNBALANCED';
  END IF;

  -- The idempotency key is claimed first: a concurrent duplicate waits here for this one to finish.
  INSERT INTO ledger_transactions (brand_id, idempotency_key, kind, request_hash, result, meta)
  VALUES (p_brand, p_key, p_kind, p_request_hash, '{}'::jsonb, coalesce(p_meta, '{}'::jsonb))
  ON CONFLICT (brand_id, idempotency_key) DO NOTHING
  RETURNING id INTO v_tx;
  IF v_tx IS NULL THEN
    RETURN ledger_replay(p_brand, p_key, p_request_hash);
  END IF;

  -- Postings in account order, so concurrent movements lock the same rows in the same order.
  FOR v_account, v_amount IN
    SELECT acc, amt FROM unnest(p_accounts, p_amounts) WITH ORDINALITY AS t(acc, amt, ord) ORDER BY acc, ord
  LOOP
    UPDATE ledger_accounts
    SET balance = balance + v_amount, version = version + 1
    WHERE id = v_account AND brand_id = p_brand AND floor IS NOT NULL AND balance + v_amount >= floor
    RETURNING balance, version INTO v_balance, v_version;
    IF FOUND THEN
      INSERT INTO ledger_entries (transaction_id, account_id, amount, balance_after, version)
      VALUES (v_tx, v_account, v_amount, v_balance, v_version);
      v_balances := v_balances || jsonb_build_object(v_account::text, v_balance);
    ELSE
      PERFORM 1 FROM ledger_accounts WHERE id = v_account AND brand_id = p_brand AND floor IS NULL;
      IF FOUND THEN
        -- A derived (house) account: its balance is the sum of its postings, never a hot row.
        INSERT INTO ledger_entries (transaction_id, account_id, amount) VALUES (v_tx, v_account, v_amount);
      ELSIF EXISTS (SELECT 1 FROM ledger_accounts WHERE id = v_account AND brand_id = p_brand) THEN
        RAISE EXCEPTION 'LEDGER_INSUFFICIENT_FUNDS' USING DETAIL = v_account::text;
      ELSE
        RAISE EXCEPTION 'LEDGER_NO_ACCOUNT' USING DETAIL = v_account::text;
      END IF;
    END IF;
  END LOOP;

  RETURN jsonb_build_object('transactionId', v_tx, 'replayed', false, 'balances', v_balances, 'result', '{}'::jsonb);
END;
$$;
