-- Written by npm run db:functions from server/db/functions/ (new originals_play, originals_settle).
-- Edit those files and run it again; do not edit this migration once it has been applied anywhere.
-- An in-house game's wager (docs/originals-fairness.md), in one statement: the seed pair's nonce moves on
-- only if it is still the one the outcome was drawn with, the bet row records that outcome, and the stake
-- (and, for a finished game, the payout) move as vendor BGS's round through vendor_bet and vendor_win. A
-- request id already used answers with its row; a refused stake leaves the nonce where it was.
CREATE OR REPLACE FUNCTION originals_play(
  p_brand integer,
  p_member integer,
  p_seed bigint,
  p_nonce integer,
  p_request text,
  p_game text,
  p_stake bigint,
  p_payout bigint,
  p_multiplier bigint,
  p_params jsonb,
  p_outcome jsonb,
  p_open boolean,
  p_wallet bigint,
  p_bet_key text,
  p_bet_hash text,
  p_bet_accounts bigint[],
  p_bet_amounts bigint[],
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
  v_meta jsonb;
  v_bet jsonb;
  v_win jsonb;
  v_after bigint;
BEGIN
  SELECT * INTO v_row FROM originals_bets WHERE member_id = p_member AND request_id = p_request;
  IF FOUND THEN
    RETURN jsonb_build_object('replayed', true, 'bet', to_jsonb(v_row));
  END IF;

  UPDATE originals_seeds SET nonce = nonce + 1
  WHERE id = p_seed AND member_id = p_member AND revealed_at IS NULL AND nonce = p_nonce;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'ORIGINALS_NONCE_MOVED';
  END IF;

  INSERT INTO originals_bets (brand_id, member_id, request_id, game, seed_id, nonce, stake, params, outcome, status)
  VALUES (p_brand, p_member, p_request, p_game, p_seed, p_nonce, p_stake, p_params, p_outcome,
    CASE WHEN p_open THEN 'open' ELSE 'settled' END)
  RETURNING * INTO v_row;

  v_round := p_game || '-' || v_row.id;
  v_meta := p_meta || jsonb_build_object('vendor', 'BGS', 'round', v_round, 'game', p_game, 'member', p_member);
  v_bet := vendor_bet(p_brand, 'BGS', v_round, p_member, p_bet_key, p_bet_hash, v_meta, p_bet_accounts, p_bet_amounts);
  v_after := (v_bet->'balances'->>p_wallet::text)::bigint;
  IF NOT p_open THEN
    v_win := vendor_win(p_brand, 'BGS', v_round, p_member, p_win_key, p_win_hash, v_meta, p_win_accounts, p_win_amounts);
    v_after := coalesce((v_win->'balances'->>p_wallet::text)::bigint, v_after);
  END IF;

  UPDATE originals_bets
  SET payout = CASE WHEN p_open THEN 0 ELSE p_payout END,
      multiplier = CASE WHEN p_open THEN 0 ELSE p_multiplier END,
      balance_before = (v_bet->'balances'->>p_wallet::text)::bigint + p_stake,
      balance_after = v_after,
      settled_at = CASE WHEN p_open THEN NULL ELSE now() END
  WHERE id = v_row.id
  RETURNING * INTO v_row;
  RETURN jsonb_build_object('replayed', false, 'bet', to_jsonb(v_row));
END;
$$;
--> statement-breakpoint
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
