-- The ledger's write path (docs/money.md): one statement per movement, so the hot path is one round trip.
-- Errors are raised with SQLSTATE P0001 and a message the server maps to a stable error code.

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
  v_existing record;
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
--> statement-breakpoint

-- Reverses the movement recorded under p_target_key (a refunded bet, say) under p_reverse_key. When the
-- original has not arrived yet, its key is taken by a 'void' marker so it is refused when it comes.
CREATE OR REPLACE FUNCTION ledger_reverse(
  p_brand integer,
  p_target_key text,
  p_reverse_key text,
  p_request_hash text,
  p_meta jsonb
) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_marker bigint;
  v_target record;
  v_accounts bigint[];
  v_amounts bigint[];
  v_out jsonb;
BEGIN
  INSERT INTO ledger_transactions (brand_id, idempotency_key, kind, request_hash, result, meta)
  VALUES (p_brand, p_target_key, 'void', 'void', '{}'::jsonb, coalesce(p_meta, '{}'::jsonb))
  ON CONFLICT (brand_id, idempotency_key) DO NOTHING
  RETURNING id INTO v_marker;

  IF v_marker IS NOT NULL THEN
    -- Nothing to give back yet; the reversal is recorded (without postings) so its replays agree.
    v_out := ledger_post(p_brand, p_reverse_key, 'reversal', p_request_hash, p_meta, '{}'::bigint[], '{}'::bigint[]);
    RETURN v_out || jsonb_build_object('original', 'missing');
  END IF;

  SELECT t.id, t.kind INTO v_target
  FROM ledger_transactions t WHERE t.brand_id = p_brand AND t.idempotency_key = p_target_key;
  IF v_target.kind = 'void' THEN
    v_out := ledger_post(p_brand, p_reverse_key, 'reversal', p_request_hash, p_meta, '{}'::bigint[], '{}'::bigint[]);
    RETURN v_out || jsonb_build_object('original', 'missing');
  END IF;

  SELECT coalesce(array_agg(e.account_id ORDER BY e.id), '{}'), coalesce(array_agg(-e.amount ORDER BY e.id), '{}')
  INTO v_accounts, v_amounts
  FROM ledger_entries e WHERE e.transaction_id = v_target.id;
  v_out := ledger_post(p_brand, p_reverse_key, 'reversal', p_request_hash, p_meta, v_accounts, v_amounts);
  IF NOT (v_out->>'replayed')::boolean THEN
    -- Given back at most once: a second reversal under another key breaks this unique column.
    IF EXISTS (SELECT 1 FROM ledger_transactions WHERE reverses_id = v_target.id) THEN
      RAISE EXCEPTION 'LEDGER_ALREADY_REVERSED';
    END IF;
    UPDATE ledger_transactions SET reverses_id = v_target.id WHERE id = (v_out->>'transactionId')::bigint;
  END IF;
  RETURN v_out || jsonb_build_object('original', v_target.id);
END;
$$;
