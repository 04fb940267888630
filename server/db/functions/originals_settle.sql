-- Ends an open in-house game (a mines game: a mine hit, a cash-out, the last safe tile) in one statement:
-- only an open game ends, once; its payout (nothing for a loss) moves through vendor_win, settling its
-- BGS round. A second cash-out or a reveal after the end finds the game no longer open.
CREATE OR REPLACE FUNCTION originals_settle(
  p_bet bigint,
  p_member integer,
  p_revealed smallint[],
  p_payout bigint,
  p_multiplier bigint,
  p_wallet bigint,
  p_win_key text,
  p_win_hash text,
  p_win_accounts bigint[],
  p_win_amounts bigint[],
  p_meta jsonb
) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_row originals_bets;
  v_round text;
  v_win jsonb;
BEGIN
  UPDATE originals_bets
  SET status = 'settled', revealed = p_revealed, payout = p_payout, multiplier = p_multiplier, settled_at = now()
  WHERE id = p_bet AND member_id = p_member AND status = 'open'
  RETURNING * INTO v_row;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'ORIGINALS_NOT_OPEN';
  END IF;
  v_round := v_row.game || '-' || v_row.id;
  v_win := vendor_win(v_row.brand_id, 'BGS', v_round, p_member, p_win_key, p_win_hash,
    p_meta || jsonb_build_object('vendor', 'BGS', 'round', v_round, 'game', v_row.game, 'member', p_member),
    p_win_accounts, p_win_amounts);
  UPDATE originals_bets SET balance_after = coalesce((v_win->'balances'->>p_wallet::text)::bigint, balance_before - stake)
  WHERE id = v_row.id
  RETURNING * INTO v_row;
  RETURN jsonb_build_object('replayed', false, 'bet', to_jsonb(v_row));
END;
$$;
