-- Written by npm run db:functions from server/db/functions/ (changed sports_decide_pending).
-- Edit those files and run it again; do not edit this migration once it has been applied anywhere.
-- The end of an in-play bet's delay (docs/sports.md): the service checked its legs against their markets
-- and decides. Accepted, it opens, at the prices the member's choice allowed when they moved (its legs'
-- prices, potential payout and liability follow); refused, its stake comes back through vendor_rollback,
-- with the reason the member reads. A bet that is no longer pending is left alone (another process
-- decided it first); answers its status either way.
CREATE OR REPLACE FUNCTION sports_decide_pending(
  p_brand integer,
  p_bet bigint,
  p_accept boolean,
  p_reason text,
  p_prices jsonb,
  p_potential bigint,
  p_bet_key text,
  p_reverse_key text,
  p_hash text
) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_bet sports_bets%ROWTYPE;
  v_out jsonb;
BEGIN
  SELECT * INTO v_bet FROM sports_bets WHERE id = p_bet AND brand_id = p_brand FOR UPDATE;
  IF NOT FOUND OR v_bet.status <> 'pending' THEN
    RETURN jsonb_build_object('status', v_bet.status, 'decided', false);
  END IF;
  IF p_accept THEN
    UPDATE sports_bet_legs l SET price = (p_prices->>(l.leg_no::text))::integer
    WHERE l.bet_id = p_bet AND p_prices ? (l.leg_no::text);
    UPDATE sports_bets SET status = 'open', potential_payout = p_potential, accepts_at = NULL WHERE id = p_bet;
    -- Its liability follows the new potential payout (added, or given back).
    PERFORM sports_release(ARRAY[p_bet], ARRAY[(v_bet.potential_payout - p_potential)]);
    RETURN jsonb_build_object('status', 'open', 'decided', true);
  END IF;
  UPDATE sports_bets SET status = 'rejected', reject_reason = p_reason, settled_at = now(), accepts_at = NULL
  WHERE id = p_bet;
  PERFORM sports_release(ARRAY[p_bet], ARRAY[NULL::bigint]);
  v_out := vendor_rollback(p_brand, v_bet.vendor_code, 'S' || p_bet, v_bet.member_id, p_bet_key, p_reverse_key,
    p_hash, jsonb_build_object('bet', p_bet, 'reason', p_reason));
  RETURN jsonb_build_object('status', 'rejected', 'decided', true, 'out', v_out);
END;
$$;
