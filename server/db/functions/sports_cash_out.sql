-- A cash-out (docs/sports.md), in one statement: the bet must be open, hold the open stake the quote was
-- made on, and none of its legs may sit on a suspended, closed or voided market or a suspended fixture;
-- the cash-out is written once per request id and per quote, the bet's open stake, liability and
-- cash-outs change, and the amount is paid into its round through vendor_adjust (the round settles when
-- nothing rides any more). Answers the bet's state and the wallet's balance.
CREATE OR REPLACE FUNCTION sports_cash_out(
  p_brand integer,
  p_member integer,
  p_bet bigint,
  p_request text,
  p_nonce text,
  p_share integer,
  p_stake_part bigint,
  p_amount bigint,
  p_open_stake bigint,
  p_key text,
  p_hash text,
  p_accounts bigint[],
  p_amounts bigint[]
) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_bet sports_bets%ROWTYPE;
  v_left bigint;
  v_out jsonb;
  v_release bigint;
BEGIN
  SELECT * INTO v_bet FROM sports_bets
  WHERE id = p_bet AND member_id = p_member AND brand_id = p_brand
  FOR UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'SPORTS_BET_NOT_FOUND';
  END IF;
  IF v_bet.status <> 'open' OR v_bet.open_stake <> p_open_stake OR p_stake_part > v_bet.open_stake THEN
    RAISE EXCEPTION 'SPORTS_CASHOUT_STALE';
  END IF;
  IF EXISTS (
    SELECT 1 FROM sports_bet_legs l
    JOIN sports_markets m ON m.id = l.market_id
    JOIN sports_fixtures f ON f.id = l.fixture_id
    WHERE l.bet_id = p_bet AND l.f_den IS NULL AND (m.status <> 'open' OR f.suspended)
  ) THEN
    RAISE EXCEPTION 'SPORTS_CASHOUT_SUSPENDED';
  END IF;

  INSERT INTO sports_cashouts (bet_id, member_id, request_id, quote_nonce, share, stake_part, amount)
  VALUES (p_bet, p_member, p_request, p_nonce, p_share, p_stake_part, p_amount);

  v_left := v_bet.open_stake - p_stake_part;
  -- The liability still held shrinks with the stake still riding.
  v_release := v_bet.liability - (v_bet.liability * v_left / v_bet.open_stake);
  UPDATE sports_bets
  SET open_stake = v_left, cashed_out = cashed_out + p_amount,
      status = CASE WHEN v_left = 0 THEN 'cashed_out' ELSE status END,
      settled_at = CASE WHEN v_left = 0 THEN now() ELSE settled_at END
  WHERE id = p_bet;
  PERFORM sports_release(ARRAY[p_bet], ARRAY[v_release]);

  v_out := vendor_adjust(p_brand, v_bet.vendor_code, 'S' || p_bet, p_member, p_key, 'cashout', p_hash,
    jsonb_build_object('bet', p_bet, 'share', p_share), p_accounts, p_amounts, p_amount,
    CASE WHEN v_left = 0 THEN 'settled' ELSE 'open' END);
  RETURN jsonb_build_object('openStake', v_left, 'out', v_out);
END;
$$;
