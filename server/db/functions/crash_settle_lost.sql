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
