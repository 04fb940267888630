-- Written by npm run db:functions from server/db/functions/ (changed vendor_batch, vendor_bet, vendor_win).
-- Edit those files and run it again; do not edit this migration once it has been applied anywhere.
-- Many vendor bets and wins in one statement and one commit (docs/money.md, "Batching"). Item i is a bet
-- or a win (p_fns[i]) with the i-th value of every array: it moves p_amounts[i] (signed, as the wallet sees
-- it) between the player wallet p_wallets[i] and the brand's house account p_houses[i]; the round rules
-- are those of vendor_bet and vendor_win. An item that is refused (insufficient funds, an unknown round, a
-- reused key) leaves nothing of itself and comes back as {"error": message}, while the others commit.
--
-- There is no subtransaction per item: every refusal is found before the item has written anything it
-- would have to undo, or undone by the item itself on rows only this transaction can see. Per item: the
-- round (a bet opens or joins it, a win must find it, and its stake or payout follows); the guarded update
-- of the wallet; the round's state read again with the wallet held (a settled round takes no new bet and
-- no second win); the claim of the idempotency key; the two postings. A replay is found when the key is
-- already claimed, or, if the wallet cannot pay, before answering so; the wallet's update is then given
-- back (this transaction holds its row, so no one saw it). Any unexpected error fails the whole statement,
-- which wrote nothing, and the caller resends each item on its own.
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
  v_out jsonb[] := '{}';
  v_owner integer;
  v_status text;
  v_new_round boolean;
  v_balance bigint;
  v_version bigint;
  v_tx bigint;
  v_error text;
BEGIN
  -- The house side of every item, once for the whole batch.
  IF EXISTS (
    SELECT 1 FROM unnest(p_houses, p_brands) AS h(id, brand)
    WHERE NOT EXISTS (
      SELECT 1 FROM ledger_accounts a WHERE a.id = h.id AND a.brand_id = h.brand AND a.floor IS NULL
    )
  ) THEN
    RAISE EXCEPTION 'LEDGER_NO_ACCOUNT';
  END IF;

  FOR i IN 1 .. coalesce(array_length(p_fns, 1), 0) LOOP
    v_error := NULL;
    v_new_round := false;
    v_owner := NULL;
    v_status := NULL;
    IF p_fns[i] = 'bet' THEN
      INSERT INTO vendor_rounds (brand_id, vendor_code, round_id, member_id, game_code)
      VALUES (p_brands[i], p_vendors[i], p_rounds[i], p_members[i], p_metas[i]->>'game')
      ON CONFLICT (brand_id, vendor_code, round_id) DO NOTHING
      RETURNING member_id INTO v_owner;
      v_new_round := v_owner IS NOT NULL;
    ELSIF p_fns[i] <> 'win' THEN
      RAISE EXCEPTION 'LEDGER_BAD_BATCH_ITEM';
    END IF;
    IF v_owner IS NULL THEN
      SELECT member_id, status INTO v_owner, v_status FROM vendor_rounds
      WHERE brand_id = p_brands[i] AND vendor_code = p_vendors[i] AND round_id = p_rounds[i];
    END IF;
    IF v_owner IS NULL THEN
      v_error := 'VENDOR_ROUND_NOT_FOUND';
    ELSIF v_owner <> p_members[i] THEN
      v_error := 'VENDOR_ROUND_MISMATCH';
    ELSIF p_fns[i] = 'win' AND v_status = 'cancelled' AND NOT EXISTS (
      SELECT 1 FROM ledger_transactions WHERE brand_id = p_brands[i] AND idempotency_key = p_keys[i]
    ) THEN
      v_error := 'VENDOR_ROUND_CANCELLED';
    END IF;

    IF v_error IS NULL THEN
      UPDATE ledger_accounts
      SET balance = balance + p_amounts[i], version = version + 1
      WHERE id = p_wallets[i] AND brand_id = p_brands[i] AND floor IS NOT NULL AND balance + p_amounts[i] >= floor
      RETURNING balance, version INTO v_balance, v_version;
      IF FOUND THEN
        -- The round as it is now that the wallet is held (every movement of a round holds its player's
        -- wallet first; a lost round's win of nothing holds the round itself): a settled round takes no
        -- new bet and no second win, unless this item is a replay.
        SELECT status INTO v_status FROM vendor_rounds
        WHERE brand_id = p_brands[i] AND vendor_code = p_vendors[i] AND round_id = p_rounds[i]
        FOR UPDATE;
        v_tx := NULL;
        IF v_status = 'settled' AND NOT EXISTS (
          SELECT 1 FROM ledger_transactions WHERE brand_id = p_brands[i] AND idempotency_key = p_keys[i]
        ) THEN
          v_error := 'VENDOR_ROUND_SETTLED';
        ELSE
          INSERT INTO ledger_transactions (brand_id, idempotency_key, kind, request_hash, result, meta)
          VALUES (p_brands[i], p_keys[i], p_fns[i], p_hashes[i], '{}'::jsonb, coalesce(p_metas[i], '{}'::jsonb))
          ON CONFLICT (brand_id, idempotency_key) DO NOTHING
          RETURNING id INTO v_tx;
          IF v_tx IS NULL THEN
            v_error := 'replay';
          END IF;
        END IF;
        IF v_tx IS NULL THEN
          UPDATE ledger_accounts SET balance = balance - p_amounts[i], version = version - 1
          WHERE id = p_wallets[i];
        ELSE
          INSERT INTO ledger_entries (transaction_id, account_id, amount, balance_after, version)
          VALUES (v_tx, p_wallets[i], p_amounts[i], v_balance, v_version),
                 (v_tx, p_houses[i], -p_amounts[i], NULL, NULL);
          -- The round's betting-record totals move with the money.
          IF p_fns[i] = 'bet' THEN
            UPDATE vendor_rounds
            SET stake = stake - p_amounts[i],
                status = CASE WHEN status = 'cancelled' THEN 'open' ELSE status END
            WHERE brand_id = p_brands[i] AND vendor_code = p_vendors[i] AND round_id = p_rounds[i];
          ELSE
            UPDATE vendor_rounds
            SET payout = payout + p_amounts[i], status = 'settled', settled_at = coalesce(settled_at, now())
            WHERE brand_id = p_brands[i] AND vendor_code = p_vendors[i] AND round_id = p_rounds[i];
          END IF;
          v_out := v_out || jsonb_build_object(
            'transactionId', v_tx, 'replayed', false,
            'balances', jsonb_build_object(p_wallets[i]::text, v_balance), 'result', '{}'::jsonb
          );
          CONTINUE;
        END IF;
      ELSIF EXISTS (
        SELECT 1 FROM ledger_transactions WHERE brand_id = p_brands[i] AND idempotency_key = p_keys[i]
      ) THEN
        v_error := 'replay';
      ELSIF EXISTS (
        SELECT 1 FROM ledger_accounts WHERE id = p_wallets[i] AND brand_id = p_brands[i] AND floor IS NOT NULL
      ) THEN
        v_error := 'LEDGER_INSUFFICIENT_FUNDS';
      ELSE
        v_error := 'LEDGER_NO_ACCOUNT';
      END IF;
    END IF;

    -- Refused or replayed: nothing of this item stays.
    IF v_new_round THEN
      DELETE FROM vendor_rounds
      WHERE brand_id = p_brands[i] AND vendor_code = p_vendors[i] AND round_id = p_rounds[i];
    END IF;
    IF v_error = 'replay' THEN
      SELECT CASE
          WHEN t.kind = 'void' THEN 'LEDGER_VOIDED'
          WHEN t.request_hash <> p_hashes[i] THEN 'LEDGER_KEY_REUSED'
        END
      INTO v_error
      FROM ledger_transactions t WHERE t.brand_id = p_brands[i] AND t.idempotency_key = p_keys[i];
      IF v_error IS NULL THEN
        v_out := v_out || ledger_replay(p_brands[i], p_keys[i], p_hashes[i]);
        CONTINUE;
      END IF;
    END IF;
    v_out := v_out || jsonb_build_object('error', v_error);
  END LOOP;
  RETURN to_jsonb(v_out);
END;
$$;
--> statement-breakpoint
-- The game-vendor wallet, one movement at a time (docs/money.md): a bet opens (or joins) its round, moves
-- the money and adds its stake to the round (the member's betting record) in one statement. A settled round
-- takes no new bet (a replay of one it took still answers). vendor_batch applies the same round rules to
-- many items at once.
CREATE OR REPLACE FUNCTION vendor_bet(
  p_brand integer,
  p_vendor text,
  p_round text,
  p_member integer,
  p_key text,
  p_request_hash text,
  p_meta jsonb,
  p_accounts bigint[],
  p_amounts bigint[]
) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_owner integer;
  v_status text;
  v_out jsonb;
BEGIN
  INSERT INTO vendor_rounds (brand_id, vendor_code, round_id, member_id, game_code)
  VALUES (p_brand, p_vendor, p_round, p_member, p_meta->>'game')
  ON CONFLICT (brand_id, vendor_code, round_id) DO NOTHING;
  SELECT member_id, status INTO v_owner, v_status FROM vendor_rounds
  WHERE brand_id = p_brand AND vendor_code = p_vendor AND round_id = p_round;
  IF v_owner <> p_member THEN
    RAISE EXCEPTION 'VENDOR_ROUND_MISMATCH';
  END IF;
  IF v_status = 'settled' AND NOT EXISTS (
    SELECT 1 FROM ledger_transactions WHERE brand_id = p_brand AND idempotency_key = p_key
  ) THEN
    RAISE EXCEPTION 'VENDOR_ROUND_SETTLED';
  END IF;
  v_out := ledger_post(p_brand, p_key, 'bet', p_request_hash, p_meta, p_accounts, p_amounts);
  IF NOT (v_out->>'replayed')::boolean THEN
    -- Checked again on the round's latest version: a win that settled it while this bet waited for the
    -- wallet undoes the bet with the whole statement.
    UPDATE vendor_rounds
    SET stake = stake + (SELECT coalesce(max(a), 0) FROM unnest(p_amounts) AS a),
        status = CASE WHEN status = 'cancelled' THEN 'open' ELSE status END
    WHERE brand_id = p_brand AND vendor_code = p_vendor AND round_id = p_round AND status <> 'settled';
    IF NOT FOUND THEN
      RAISE EXCEPTION 'VENDOR_ROUND_SETTLED';
    END IF;
  END IF;
  RETURN v_out;
END;
$$;
--> statement-breakpoint
-- The game-vendor wallet, one movement at a time (docs/money.md): a win must name a round its player bet
-- in; it settles the round (a win of 0, with no postings, settles a lost round), once: a settled round
-- takes no second win and a cancelled one none (a replay of the win it took still answers), and the first
-- settlement time stays (rebate counts a round by it). vendor_batch applies the same round rules to many
-- items at once.
CREATE OR REPLACE FUNCTION vendor_win(
  p_brand integer,
  p_vendor text,
  p_round text,
  p_member integer,
  p_key text,
  p_request_hash text,
  p_meta jsonb,
  p_accounts bigint[],
  p_amounts bigint[]
) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_owner integer;
  v_status text;
  v_out jsonb;
BEGIN
  SELECT member_id, status INTO v_owner, v_status FROM vendor_rounds
  WHERE brand_id = p_brand AND vendor_code = p_vendor AND round_id = p_round;
  IF v_owner IS NULL THEN
    RAISE EXCEPTION 'VENDOR_ROUND_NOT_FOUND';
  END IF;
  IF v_owner <> p_member THEN
    RAISE EXCEPTION 'VENDOR_ROUND_MISMATCH';
  END IF;
  -- Every bet of a cancelled round came back: nothing was staked for a win to pay; a settled round was
  -- paid already. A replay still answers.
  IF v_status <> 'open' AND NOT EXISTS (
    SELECT 1 FROM ledger_transactions WHERE brand_id = p_brand AND idempotency_key = p_key
  ) THEN
    RAISE EXCEPTION '%', CASE WHEN v_status = 'cancelled' THEN 'VENDOR_ROUND_CANCELLED' ELSE 'VENDOR_ROUND_SETTLED' END;
  END IF;
  v_out := ledger_post(p_brand, p_key, 'win', p_request_hash, p_meta, p_accounts, p_amounts);
  IF NOT (v_out->>'replayed')::boolean THEN
    -- Checked again on the round's latest version: another win that settled it while this one waited
    -- undoes this one with the whole statement.
    UPDATE vendor_rounds
    SET payout = payout + (SELECT coalesce(max(a), 0) FROM unnest(p_amounts) AS a),
        status = 'settled', settled_at = coalesce(settled_at, now())
    WHERE brand_id = p_brand AND vendor_code = p_vendor AND round_id = p_round AND status = 'open';
    IF NOT FOUND THEN
      SELECT status INTO v_status FROM vendor_rounds
      WHERE brand_id = p_brand AND vendor_code = p_vendor AND round_id = p_round;
      RAISE EXCEPTION '%', CASE WHEN v_status = 'cancelled' THEN 'VENDOR_ROUND_CANCELLED' ELSE 'VENDOR_ROUND_SETTLED' END;
    END IF;
  END IF;
  RETURN v_out;
END;
$$;
