-- A leaner form of the hot path (docs/money.md, "Batching"): a vendor's bet or win always moves money
-- between one player wallet and the brand's house account, so the batch applies it with one guarded
-- update and one two-row insert instead of the general posting loop. The answer of a replayed key is
-- built by one helper shared with ledger_post.

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
--> statement-breakpoint

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
--> statement-breakpoint

-- Moves p_amount (signed, as seen by the wallet) between a floored player wallet and a derived house
-- account of the brand, with the same guarantees as ledger_post: key claimed first, guarded update at
-- READ COMMITTED, both postings or nothing. Only one row is locked, so no lock order is needed.
CREATE OR REPLACE FUNCTION ledger_move_pair(
  p_brand integer,
  p_key text,
  p_kind text,
  p_request_hash text,
  p_meta jsonb,
  p_wallet bigint,
  p_house bigint,
  p_amount bigint
) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_tx bigint;
  v_balance bigint;
  v_version bigint;
BEGIN
  INSERT INTO ledger_transactions (brand_id, idempotency_key, kind, request_hash, result, meta)
  VALUES (p_brand, p_key, p_kind, p_request_hash, '{}'::jsonb, coalesce(p_meta, '{}'::jsonb))
  ON CONFLICT (brand_id, idempotency_key) DO NOTHING
  RETURNING id INTO v_tx;
  IF v_tx IS NULL THEN
    RETURN ledger_replay(p_brand, p_key, p_request_hash);
  END IF;

  PERFORM 1 FROM ledger_accounts WHERE id = p_house AND brand_id = p_brand AND floor IS NULL;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'LEDGER_NO_ACCOUNT' USING DETAIL = p_house::text;
  END IF;
  UPDATE ledger_accounts
  SET balance = balance + p_amount, version = version + 1
  WHERE id = p_wallet AND brand_id = p_brand AND floor IS NOT NULL AND balance + p_amount >= floor
  RETURNING balance, version INTO v_balance, v_version;
  IF NOT FOUND THEN
    IF EXISTS (SELECT 1 FROM ledger_accounts WHERE id = p_wallet AND brand_id = p_brand AND floor IS NOT NULL) THEN
      RAISE EXCEPTION 'LEDGER_INSUFFICIENT_FUNDS' USING DETAIL = p_wallet::text;
    END IF;
    RAISE EXCEPTION 'LEDGER_NO_ACCOUNT' USING DETAIL = p_wallet::text;
  END IF;
  INSERT INTO ledger_entries (transaction_id, account_id, amount, balance_after, version)
  VALUES (v_tx, p_wallet, p_amount, v_balance, v_version), (v_tx, p_house, -p_amount, NULL, NULL);

  RETURN jsonb_build_object(
    'transactionId', v_tx, 'replayed', false,
    'balances', jsonb_build_object(p_wallet::text, v_balance), 'result', '{}'::jsonb
  );
END;
$$;
--> statement-breakpoint

-- As in 0015, but item i now names its player wallet (p_wallets, with the wallet's signed amount) and
-- its house account; the round rules are those of vendor_bet and vendor_win.
DROP FUNCTION IF EXISTS vendor_batch(text[], integer[], text[], text[], integer[], text[], text[], jsonb[], bigint[], bigint[], bigint[], bigint[]);
--> statement-breakpoint

CREATE OR REPLACE FUNCTION vendor_batch(
  p_fns text[],
  p_brands integer[],
  p_vendors text[],
  p_rounds text[],
  p_members integer[],
  p_keys text[],
  p_hashes text[],
  p_metas jsonb[],
  p_wallets bigint[],
  p_houses bigint[],
  p_amounts bigint[]
) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_out jsonb := '[]'::jsonb;
  v_result jsonb;
  v_owner integer;
BEGIN
  FOR i IN 1 .. coalesce(array_length(p_fns, 1), 0) LOOP
    BEGIN
      IF p_fns[i] = 'bet' THEN
        INSERT INTO vendor_rounds (brand_id, vendor_code, round_id, member_id)
        VALUES (p_brands[i], p_vendors[i], p_rounds[i], p_members[i])
        ON CONFLICT (brand_id, vendor_code, round_id) DO NOTHING;
      ELSIF p_fns[i] <> 'win' THEN
        RAISE EXCEPTION 'LEDGER_BAD_BATCH_ITEM';
      END IF;
      SELECT member_id INTO v_owner FROM vendor_rounds
      WHERE brand_id = p_brands[i] AND vendor_code = p_vendors[i] AND round_id = p_rounds[i];
      IF v_owner IS NULL THEN
        RAISE EXCEPTION 'VENDOR_ROUND_NOT_FOUND';
      END IF;
      IF v_owner <> p_members[i] THEN
        RAISE EXCEPTION 'VENDOR_ROUND_MISMATCH';
      END IF;
      v_result := ledger_move_pair(p_brands[i], p_keys[i], p_fns[i], p_hashes[i], p_metas[i],
        p_wallets[i], p_houses[i], p_amounts[i]);
    EXCEPTION WHEN raise_exception THEN
      v_result := jsonb_build_object('error', SQLERRM);
    END;
    v_out := v_out || jsonb_build_array(v_result);
  END LOOP;
  RETURN v_out;
END;
$$;
