-- Written by npm run db:functions from server/db/functions/ (new crash_bet, crash_pay, crash_settle_lost).
-- Edit those files and run it again; do not edit this migration once it has been applied anywhere.
-- A bet in a crash round (docs/originals-fairness.md), in one statement: only while the round takes bets
-- by the database's clock (the round row is shared-locked, so the round cannot start under a bet being
-- placed), one per member and round, its stake moving as vendor BGS's round `crash-<bet id>`. A request id
-- already used answers with its bet.
CREATE OR REPLACE FUNCTION crash_bet(
  p_brand integer,
  p_member integer,
  p_round bigint,
  p_request text,
  p_stake bigint,
  p_auto integer,
  p_wallet bigint,
  p_key text,
  p_hash text,
  p_accounts bigint[],
  p_amounts bigint[]
) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_row crash_bets;
  v_status text;
  v_ends timestamptz;
  v_bet jsonb;
  v_round text;
BEGIN
  SELECT * INTO v_row FROM crash_bets WHERE member_id = p_member AND request_id = p_request;
  IF FOUND THEN
    RETURN jsonb_build_object('replayed', true, 'bet', to_jsonb(v_row));
  END IF;
  SELECT status, betting_ends_at INTO v_status, v_ends FROM crash_rounds
  WHERE id = p_round AND brand_id = p_brand FOR SHARE;
  IF v_status IS DISTINCT FROM 'betting' OR clock_timestamp() >= v_ends THEN
    RAISE EXCEPTION 'CRASH_BETTING_CLOSED';
  END IF;
  INSERT INTO crash_bets (round_id, brand_id, member_id, request_id, stake, auto_cashout)
  VALUES (p_round, p_brand, p_member, p_request, p_stake, p_auto)
  RETURNING * INTO v_row;
  v_round := 'crash-' || v_row.id;
  v_bet := vendor_bet(p_brand, 'BGS', v_round, p_member, p_key, p_hash,
    jsonb_build_object('vendor', 'BGS', 'round', v_round, 'game', 'crash', 'member', p_member, 'crashRound', p_round),
    p_accounts, p_amounts);
  UPDATE crash_bets SET balance_before = (v_bet->'balances'->>p_wallet::text)::bigint + p_stake
  WHERE id = v_row.id
  RETURNING * INTO v_row;
  RETURN jsonb_build_object('replayed', false, 'bet', to_jsonb(v_row), 'balance', (v_bet->'balances'->>p_wallet::text)::bigint);
END;
$$;
--> statement-breakpoint
-- Pays a crash bet that cashed out (by hand: its cash-out time is already recorded; automatically: at its
-- target's time), once: only an active bet is paid, and its BGS round is settled with the payout.
CREATE OR REPLACE FUNCTION crash_pay(
  p_bet bigint,
  p_cashout_ms integer,
  p_multiplier integer,
  p_payout bigint,
  p_wallet bigint,
  p_key text,
  p_hash text,
  p_accounts bigint[],
  p_amounts bigint[]
) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_row crash_bets;
  v_round text;
  v_win jsonb;
BEGIN
  UPDATE crash_bets
  SET status = 'cashed', cashout_ms = p_cashout_ms, multiplier = p_multiplier, payout = p_payout,
      settled_at = clock_timestamp()
  WHERE id = p_bet AND status = 'active' AND (cashout_ms IS NULL OR cashout_ms = p_cashout_ms)
  RETURNING * INTO v_row;
  IF NOT FOUND THEN
    SELECT * INTO v_row FROM crash_bets WHERE id = p_bet;
    RETURN jsonb_build_object('replayed', true, 'bet', to_jsonb(v_row));
  END IF;
  v_round := 'crash-' || v_row.id;
  v_win := vendor_win(v_row.brand_id, 'BGS', v_round, v_row.member_id, p_key, p_hash,
    jsonb_build_object('vendor', 'BGS', 'round', v_round, 'game', 'crash', 'member', v_row.member_id,
      'crashRound', v_row.round_id),
    p_accounts, p_amounts);
  UPDATE crash_bets SET balance_after = (v_win->'balances'->>p_wallet::text)::bigint
  WHERE id = v_row.id
  RETURNING * INTO v_row;
  RETURN jsonb_build_object('replayed', false, 'bet', to_jsonb(v_row));
END;
$$;
--> statement-breakpoint
-- Settles a crashed round's bets that never cashed out as lost (a win of nothing settles each BGS round),
-- in one statement, and marks the round settled once no bet of it is left active. Bets whose cash-out
-- was recorded but not yet paid stay for crash_pay.
CREATE OR REPLACE FUNCTION crash_settle_lost(p_round bigint, p_hash text) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  v_bet crash_bets;
  v_count integer := 0;
BEGIN
  FOR v_bet IN
    SELECT * FROM crash_bets WHERE round_id = p_round AND status = 'active' AND cashout_ms IS NULL
    ORDER BY id FOR UPDATE
  LOOP
    UPDATE crash_bets SET status = 'lost', settled_at = clock_timestamp(), balance_after = balance_before - stake
    WHERE id = v_bet.id;
    PERFORM vendor_win(v_bet.brand_id, 'BGS', 'crash-' || v_bet.id, v_bet.member_id,
      'bgs:crash:' || v_bet.id || ':win', p_hash,
      jsonb_build_object('vendor', 'BGS', 'round', 'crash-' || v_bet.id, 'game', 'crash', 'member', v_bet.member_id,
        'crashRound', p_round),
      '{}'::bigint[], '{}'::bigint[]);
    v_count := v_count + 1;
  END LOOP;
  UPDATE crash_rounds SET status = 'settled'
  WHERE id = p_round AND status = 'crashed'
    AND NOT EXISTS (SELECT 1 FROM crash_bets WHERE round_id = p_round AND status = 'active');
  RETURN v_count;
END;
$$;
