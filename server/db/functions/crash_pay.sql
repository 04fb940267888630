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
