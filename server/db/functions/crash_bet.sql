-- A bet in a crash round (docs/originals-fairness.md), in one statement: only while the round takes bets
-- by the database's clock (the round row is shared-locked, so the round cannot start under a bet being
-- placed), one per member and round, its stake moving as vendor BGS's round `crash-<bet id>`. A request id
-- already used answers with its bet. The game's max win in force now is kept with the bet, and pays it.
CREATE OR REPLACE FUNCTION crash_bet(
  p_brand integer,
  p_member integer,
  p_round bigint,
  p_request text,
  p_stake bigint,
  p_auto integer,
  p_max_win bigint,
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
  INSERT INTO crash_bets (round_id, brand_id, member_id, request_id, stake, auto_cashout, max_win)
  VALUES (p_round, p_brand, p_member, p_request, p_stake, p_auto, p_max_win)
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
