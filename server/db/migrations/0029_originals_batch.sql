-- Written by npm run db:functions from server/db/functions/ (new originals_batch, vendor_play).
-- Edit those files and run it again; do not edit this migration once it has been applied anywhere.
-- Many in-house instant wagers (dice, limbo, plinko, keno: drawn, paid and settled at once) in one
-- statement and one commit, each as originals_play would accept it (docs/originals-fairness.md): the seed
-- pair's nonce moves on only if it is still the one the outcome was drawn with, the money moves as vendor
-- BGS's round through vendor_play, and the bet row is written once with its outcome, payout and balances.
-- Item i is the i-th value of every array. An item that is refused leaves nothing of itself and comes
-- back as {"error": message} while the others commit: a moved nonce is found before anything is written,
-- and a refused stake gives the nonce back (this transaction holds the pair's row, so no one saw it). A
-- request id already used answers with its row. Any unexpected error fails the whole statement, which
-- wrote nothing, and the caller sends each item again through originals_play.
CREATE OR REPLACE FUNCTION originals_batch(
  p_brands integer[],
  p_members integer[],
  p_seeds bigint[],
  p_nonces integer[],
  p_requests text[],
  p_games text[],
  p_stakes bigint[],
  p_payouts bigint[],
  p_multipliers bigint[],
  p_params jsonb[],
  p_outcomes jsonb[],
  p_wallets bigint[],
  p_houses bigint[],
  p_bet_keys text[],
  p_bet_hashes text[],
  p_win_keys text[],
  p_win_hashes text[]
) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_out jsonb[] := '{}';
  v_row originals_bets;
  v_id bigint;
  v_round text;
  v_money jsonb;
BEGIN
  FOR i IN 1 .. coalesce(array_length(p_members, 1), 0) LOOP
    SELECT * INTO v_row FROM originals_bets WHERE member_id = p_members[i] AND request_id = p_requests[i];
    IF FOUND THEN
      v_out := v_out || jsonb_build_object('replayed', true, 'bet', to_jsonb(v_row));
      CONTINUE;
    END IF;

    UPDATE originals_seeds SET nonce = nonce + 1
    WHERE id = p_seeds[i] AND member_id = p_members[i] AND revealed_at IS NULL AND nonce = p_nonces[i];
    IF NOT FOUND THEN
      v_out := v_out || jsonb_build_object('error', 'ORIGINALS_NONCE_MOVED');
      CONTINUE;
    END IF;

    v_id := nextval('originals_bets_id_seq');
    v_round := p_games[i] || '-' || v_id;
    v_money := vendor_play(
      p_brands[i], 'BGS', v_round, p_members[i], p_games[i], p_wallets[i], p_houses[i], p_stakes[i],
      p_payouts[i], p_bet_keys[i], p_bet_hashes[i], p_win_keys[i], p_win_hashes[i],
      jsonb_build_object('vendor', 'BGS', 'round', v_round, 'game', p_games[i], 'member', p_members[i])
    );
    IF v_money ? 'error' THEN
      UPDATE originals_seeds SET nonce = nonce - 1 WHERE id = p_seeds[i];
      IF v_money->>'error' = 'replay' THEN
        -- The same request id, accepted by another process meanwhile: its row answers.
        SELECT * INTO v_row FROM originals_bets WHERE member_id = p_members[i] AND request_id = p_requests[i];
        IF FOUND THEN
          v_out := v_out || jsonb_build_object('replayed', true, 'bet', to_jsonb(v_row));
          CONTINUE;
        END IF;
        v_out := v_out || jsonb_build_object('error', 'LEDGER_KEY_REUSED');
        CONTINUE;
      END IF;
      v_out := v_out || jsonb_build_object('error', v_money->>'error');
      CONTINUE;
    END IF;

    INSERT INTO originals_bets (id, brand_id, member_id, request_id, game, seed_id, nonce, stake, payout,
      multiplier, params, outcome, status, balance_before, balance_after, settled_at)
    VALUES (v_id, p_brands[i], p_members[i], p_requests[i], p_games[i], p_seeds[i], p_nonces[i], p_stakes[i],
      p_payouts[i], p_multipliers[i], p_params[i], p_outcomes[i], 'settled',
      (v_money->>'balanceBefore')::bigint, (v_money->>'balanceAfter')::bigint, now())
    RETURNING id, created_at INTO v_row.id, v_row.created_at;
    -- The caller knows the rest of a new row: only what the database chose comes back.
    v_out := v_out || jsonb_build_object('replayed', false, 'id', v_row.id, 'createdAt', v_row.created_at,
      'balanceBefore', (v_money->>'balanceBefore')::bigint, 'balanceAfter', (v_money->>'balanceAfter')::bigint);
  END LOOP;
  RETURN to_jsonb(v_out);
END;
$$;
--> statement-breakpoint
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
