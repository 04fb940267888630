-- A whole vendor round in one call, for a game whose outcome is known when the wager is accepted (the
-- in-house instant games): the bet (wallet to house) and the win (house to wallet; none when the round
-- paid nothing, as nothing moved) are two ledger movements with their own keys, as vendor_bet and
-- vendor_win would write them, and the round is recorded once, settled. Each row is written once: the wallet is updated once by the net
-- amount, its two postings carry the balance after each movement and consecutive versions.
--
-- Refusals come back as {"error": message} having written nothing, so a caller may go on with other work
-- in the same statement (originals_batch): the wallet's guarded update comes first (insufficient funds
-- writes nothing), then the bet's key is claimed; a key already claimed gives the wallet's update back
-- (this transaction holds the row, so no one saw it) and answers {"error": "replay"}: the caller answers
-- with what the first request recorded.
CREATE OR REPLACE FUNCTION vendor_play(
  p_brand integer,
  p_vendor text,
  p_round text,
  p_member integer,
  p_game text,
  p_wallet bigint,
  p_house bigint,
  p_stake bigint,
  p_payout bigint,
  p_bet_key text,
  p_bet_hash text,
  p_win_key text,
  p_win_hash text,
  p_meta jsonb
) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_balance bigint;
  v_version bigint;
  v_bet bigint;
  v_win bigint;
BEGIN
  IF p_stake <= 0 OR p_payout < 0 THEN
    RAISE EXCEPTION 'LEDGER_BAD_POSTINGS';
  END IF;
  PERFORM 1 FROM ledger_accounts WHERE id = p_house AND brand_id = p_brand AND floor IS NULL;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'LEDGER_NO_ACCOUNT' USING DETAIL = p_house::text;
  END IF;

  UPDATE ledger_accounts
  SET balance = balance - p_stake + p_payout,
      version = version + CASE WHEN p_payout > 0 THEN 2 ELSE 1 END
  WHERE id = p_wallet AND brand_id = p_brand AND floor IS NOT NULL AND balance - p_stake >= floor
  RETURNING balance, version INTO v_balance, v_version;
  IF NOT FOUND THEN
    IF EXISTS (SELECT 1 FROM ledger_transactions WHERE brand_id = p_brand AND idempotency_key = p_bet_key) THEN
      RETURN jsonb_build_object('error', 'replay');
    ELSIF EXISTS (
      SELECT 1 FROM ledger_accounts WHERE id = p_wallet AND brand_id = p_brand AND floor IS NOT NULL
    ) THEN
      RETURN jsonb_build_object('error', 'LEDGER_INSUFFICIENT_FUNDS');
    END IF;
    RETURN jsonb_build_object('error', 'LEDGER_NO_ACCOUNT');
  END IF;

  INSERT INTO ledger_transactions (brand_id, idempotency_key, kind, request_hash, result, meta)
  VALUES (p_brand, p_bet_key, 'bet', p_bet_hash, '{}'::jsonb, coalesce(p_meta, '{}'::jsonb))
  ON CONFLICT (brand_id, idempotency_key) DO NOTHING
  RETURNING id INTO v_bet;
  IF v_bet IS NULL THEN
    UPDATE ledger_accounts
    SET balance = balance + p_stake - p_payout,
        version = version - CASE WHEN p_payout > 0 THEN 2 ELSE 1 END
    WHERE id = p_wallet;
    RETURN jsonb_build_object('error', 'replay');
  END IF;
  IF p_payout > 0 THEN
    -- The win's key is new whenever the bet's was: both are the same request's.
    INSERT INTO ledger_transactions (brand_id, idempotency_key, kind, request_hash, result, meta)
    VALUES (p_brand, p_win_key, 'win', p_win_hash, '{}'::jsonb, coalesce(p_meta, '{}'::jsonb))
    RETURNING id INTO v_win;
    INSERT INTO ledger_entries (transaction_id, account_id, amount, balance_after, version)
    VALUES (v_bet, p_wallet, -p_stake, v_balance - p_payout, v_version - 1),
           (v_bet, p_house, p_stake, NULL, NULL),
           (v_win, p_house, -p_payout, NULL, NULL),
           (v_win, p_wallet, p_payout, v_balance, v_version);
  ELSE
    INSERT INTO ledger_entries (transaction_id, account_id, amount, balance_after, version)
    VALUES (v_bet, p_wallet, -p_stake, v_balance, v_version),
           (v_bet, p_house, p_stake, NULL, NULL);
  END IF;

  INSERT INTO vendor_rounds (brand_id, vendor_code, round_id, member_id, game_code, stake, payout, status, settled_at)
  VALUES (p_brand, p_vendor, p_round, p_member, p_game, p_stake, p_payout, 'settled', now());

  RETURN jsonb_build_object(
    'betTransactionId', v_bet,
    'winTransactionId', v_win,
    'balanceBefore', v_balance - p_payout + p_stake,
    'balanceAfter', v_balance
  );
END;
$$;
