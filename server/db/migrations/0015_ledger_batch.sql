-- Many vendor bets and wins in one statement and one commit (docs/money.md, "Batching"). Item i is
-- vendor_bet or vendor_win with the i-th value of every array, and always two postings (the player's
-- wallet and the house). Each item runs in its own subtransaction: one that is refused (insufficient
-- funds, an unknown round, a reused key) leaves nothing of itself and comes back as {"error": message},
-- while the others commit. Any other error fails the whole call and nothing is written.
CREATE OR REPLACE FUNCTION vendor_batch(
  p_fns text[],
  p_brands integer[],
  p_vendors text[],
  p_rounds text[],
  p_members integer[],
  p_keys text[],
  p_hashes text[],
  p_metas jsonb[],
  p_accounts_a bigint[],
  p_amounts_a bigint[],
  p_accounts_b bigint[],
  p_amounts_b bigint[]
) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_out jsonb := '[]'::jsonb;
  v_result jsonb;
BEGIN
  FOR i IN 1 .. coalesce(array_length(p_fns, 1), 0) LOOP
    BEGIN
      IF p_fns[i] = 'bet' THEN
        v_result := vendor_bet(p_brands[i], p_vendors[i], p_rounds[i], p_members[i], p_keys[i], p_hashes[i],
          p_metas[i], ARRAY[p_accounts_a[i], p_accounts_b[i]], ARRAY[p_amounts_a[i], p_amounts_b[i]]);
      ELSIF p_fns[i] = 'win' THEN
        v_result := vendor_win(p_brands[i], p_vendors[i], p_rounds[i], p_members[i], p_keys[i], p_hashes[i],
          p_metas[i], ARRAY[p_accounts_a[i], p_accounts_b[i]], ARRAY[p_amounts_a[i], p_amounts_b[i]]);
      ELSE
        RAISE EXCEPTION 'LEDGER_BAD_BATCH_ITEM';
      END IF;
    EXCEPTION WHEN raise_exception THEN
      v_result := jsonb_build_object('error', SQLERRM);
    END;
    v_out := v_out || jsonb_build_array(v_result);
  END LOOP;
  RETURN v_out;
END;
$$;
