-- Many in-house instant wagers (dice, limbo, plinko, keno: drawn, paid and settled at once) in one
-- statement and one commit, each as originals_play would accept it (docs/originals-fairness.md): the seed
-- pair's nonce moves on only if it is still the one the outcome was drawn with, the money moves as vendor
-- BGS's round through vendor_play, and the bet row is written once with its outcome, payout and balances.
-- A wager whose session is given (its token's hash, as the accounts module remembered it) is taken only if
-- that session is still live (member_sessions_live), checked here in the transaction that writes.
-- Item i is the i-th value of every array. An item that is refused leaves nothing of itself and comes
-- back as {"error": message} while the others commit: a moved nonce is found before anything is written,
-- and a refused stake gives the nonce back (this transaction holds the pair's row, so no one saw it). A
-- request id already used answers with its row: the bet's ledger key, made from the request id, is found
-- taken (vendor_play answers "replay"), so a new wager pays no lookup of its own for it. Any unexpected
-- error fails the whole statement, which wrote nothing, and the caller sends each item again through
-- originals_play.
CREATE OR REPLACE FUNCTION originals_batch(
  p_brands integer[],
  p_members integer[],
  p_seeds bigint[],
  p_nonces integer[],
  p_requests text[],
  p_games text[],
  p_stakes bigint[],
  p_payouts bigint[],
  p_multipliers bigint[],
  p_params jsonb[],
  p_outcomes jsonb[],
  p_wallets bigint[],
  p_houses bigint[],
  p_bet_keys text[],
  p_bet_hashes text[],
  p_win_keys text[],
  p_win_hashes text[],
  p_sessions text[]
) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_out jsonb[] := '{}';
  v_row originals_bets;
  v_id bigint;
  v_round text;
  v_money jsonb;
  v_live boolean[] := member_sessions_live(p_sessions, p_members);
BEGIN
  FOR i IN 1 .. coalesce(array_length(p_members, 1), 0) LOOP
    IF NOT v_live[i] THEN
      v_out := v_out || jsonb_build_object('error', 'SESSION_GONE');
      CONTINUE;
    END IF;

    UPDATE originals_seeds SET nonce = nonce + 1
    WHERE id = p_seeds[i] AND member_id = p_members[i] AND revealed_at IS NULL AND nonce = p_nonces[i];
    IF NOT FOUND THEN
      v_out := v_out || jsonb_build_object('error', 'ORIGINALS_NONCE_MOVED');
      CONTINUE;
    END IF;

    v_id := nextval('originals_bets_id_seq');
    v_round := p_games[i] || '-' || v_id;
    v_money := vendor_play(
      p_brands[i], 'BGS', v_round, p_members[i], p_games[i], p_wallets[i], p_houses[i], p_stakes[i],
      p_payouts[i], p_bet_keys[i], p_bet_hashes[i], p_win_keys[i], p_win_hashes[i],
      jsonb_build_object('vendor', 'BGS', 'round', v_round, 'game', p_games[i], 'member', p_members[i])
    );
    IF v_money ? 'error' THEN
      UPDATE originals_seeds SET nonce = nonce - 1 WHERE id = p_seeds[i];
      IF v_money->>'error' = 'replay' THEN
        -- The same request id, accepted before (or by another process a moment ago): its row answers.
        SELECT * INTO v_row FROM originals_bets WHERE member_id = p_members[i] AND request_id = p_requests[i];
        IF FOUND THEN
          v_out := v_out || jsonb_build_object('replayed', true, 'bet', to_jsonb(v_row));
          CONTINUE;
        END IF;
        v_out := v_out || jsonb_build_object('error', 'LEDGER_KEY_REUSED');
        CONTINUE;
      END IF;
      v_out := v_out || jsonb_build_object('error', v_money->>'error');
      CONTINUE;
    END IF;

    INSERT INTO originals_bets (id, brand_id, member_id, request_id, game, seed_id, nonce, stake, payout,
      multiplier, params, outcome, status, balance_before, balance_after, settled_at)
    VALUES (v_id, p_brands[i], p_members[i], p_requests[i], p_games[i], p_seeds[i], p_nonces[i], p_stakes[i],
      p_payouts[i], p_multipliers[i], p_params[i], p_outcomes[i], 'settled',
      (v_money->>'balanceBefore')::bigint, (v_money->>'balanceAfter')::bigint, now())
    RETURNING id, created_at INTO v_row.id, v_row.created_at;
    -- The caller knows the rest of a new row: only what the database chose comes back.
    v_out := v_out || jsonb_build_object('replayed', false, 'id', v_row.id, 'createdAt', v_row.created_at,
      'balanceBefore', (v_money->>'balanceBefore')::bigint, 'balanceAfter', (v_money->>'balanceAfter')::bigint);
  END LOOP;
  RETURN to_jsonb(v_out);
END;
$$;
