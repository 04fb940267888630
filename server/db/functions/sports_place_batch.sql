-- Many members' sportsbook slips in one statement and one commit (docs/sports.md), each as sports_place
-- takes it alone: item i of p_items is {brand, member, request, wallet, house, bets, legs, caps}, their
-- members in ascending order (so two batches take wallets in one order). A slip
-- refused (a market moved, the funds, a key already taken) is rolled back alone to its savepoint and
-- answers its error's message, detail and SQLSTATE, the way the driver would have raised it; the others
-- commit. The slips taken are added to the book's exposure together, at the end (sports_expose): the hot
-- rows (an event's, a popular outcome's) stay locked only from there to the commit, not for the whole
-- batch. If that passes a cap, the whole statement fails (SPORTS_BATCH_OVER_CAP) and the caller places
-- each slip alone, which finds the one refused. Keep batches under 64 items: a savepoint per slip, and a
-- transaction with more of them slows every snapshot taken while it runs.
CREATE OR REPLACE FUNCTION sports_place_batch(p_items jsonb) RETURNS jsonb
LANGUAGE plpgsql
AS $$
DECLARE
  v_out jsonb := '[]'::jsonb;
  v_taken jsonb := '[]'::jsonb;
  v_item jsonb;
  v_answer jsonb;
  v_scope text;
  v_message text;
  v_detail text;
  v_state text;
BEGIN
  FOR v_item IN SELECT i FROM jsonb_array_elements(p_items) AS i LOOP
    BEGIN
      v_answer := sports_place((v_item->>'brand')::integer, (v_item->>'member')::integer, v_item->>'request',
        (v_item->>'wallet')::bigint, (v_item->>'house')::bigint, v_item->'bets', v_item->'legs', NULL);
      IF NOT (v_answer->>'replayed')::boolean THEN
        v_taken := v_taken || jsonb_build_array(v_item);
      END IF;
    EXCEPTION WHEN OTHERS THEN
      GET STACKED DIAGNOSTICS v_message = MESSAGE_TEXT, v_detail = PG_EXCEPTION_DETAIL,
        v_state = RETURNED_SQLSTATE;
      v_answer := jsonb_build_object('error', v_message, 'detail', nullif(v_detail, ''), 'state', v_state);
    END;
    v_out := v_out || jsonb_build_array(v_answer);
  END LOOP;

  IF jsonb_array_length(v_taken) > 0 THEN
    SELECT e.scope INTO v_scope FROM sports_expose(v_taken) AS e;
    IF v_scope IS NOT NULL THEN
      RAISE EXCEPTION 'SPORTS_BATCH_OVER_CAP' USING DETAIL = v_scope;
    END IF;
  END IF;
  RETURN v_out;
END;
$$;
