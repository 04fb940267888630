-- Written by npm run db:functions from server/db/functions/ (changed sports_resettle).
-- Edit those files and run it again; do not edit this migration once it has been applied anywhere.
-- A bet settled again (docs/sports.md): a corrected result, or a result withdrawn (the bet opens again
-- with nothing paid). Never an edit of the first movement: the difference between the new payout and the
-- one paid is posted under its own key (house to member, or member to house), through vendor_adjust. The
-- service names the settlement it read (`p_version`), so two corrections racing cannot both apply; what a
-- member no longer holds of a payout taken back is kept as `owed` for the operator. A bet opened again holds
-- its liability again (what every leg winning pays on the stake still riding, beyond that stake) and puts it
-- back on the book's exposure, as settling it took it off. Answers the movement.
CREATE OR REPLACE FUNCTION sports_resettle(
  p_brand integer,
  p_bet bigint,
  p_version integer,
  p_status text,
  p_payout bigint,
  p_owed bigint,
  p_key text,
  p_hash text,
  p_accounts bigint[],
  p_amounts bigint[],
  p_moved bigint
) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_bet sports_bets%ROWTYPE;
  v_liability bigint := 0;
BEGIN
  SELECT * INTO v_bet FROM sports_bets WHERE id = p_bet AND brand_id = p_brand FOR UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'SPORTS_BET_NOT_FOUND';
  END IF;
  IF v_bet.settle_version <> p_version OR v_bet.status NOT IN ('won', 'lost', 'void') THEN
    RAISE EXCEPTION 'SPORTS_SETTLEMENT_MOVED';
  END IF;
  IF p_status = 'open' AND v_bet.stake > 0 THEN
    v_liability := greatest(0, div(v_bet.potential_payout::numeric * v_bet.open_stake, v_bet.stake)::bigint
      - v_bet.open_stake);
  END IF;
  UPDATE sports_bets
  SET status = p_status, payout = p_payout, owed = owed + p_owed, settle_version = settle_version + 1,
      settled_at = CASE WHEN p_status = 'open' THEN NULL ELSE now() END,
      liability = CASE WHEN p_status = 'open' THEN v_liability ELSE liability END
  WHERE id = p_bet;
  -- A negative amount adds to the rows its legs hold (the bet itself was settled: it held nothing).
  IF v_liability > 0 THEN
    PERFORM sports_unexpose(ARRAY[p_bet], ARRAY[v_bet.member_id], ARRAY[-v_liability]);
  END IF;
  RETURN vendor_adjust(p_brand, v_bet.vendor_code, 'S' || p_bet, v_bet.member_id, p_key,
    CASE WHEN p_moved >= 0 THEN 'win' ELSE 'resettle' END, p_hash,
    jsonb_build_object('bet', p_bet, 'version', p_version + 1), p_accounts, p_amounts, p_moved,
    CASE WHEN p_status = 'open' THEN 'open' ELSE 'settled' END);
END;
$$;
