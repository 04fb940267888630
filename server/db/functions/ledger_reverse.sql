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
