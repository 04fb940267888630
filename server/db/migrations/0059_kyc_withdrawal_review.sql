-- Written by npm run db:functions from server/db/functions/ (changed withdrawal_request; dropped withdrawal_request).
-- Edit those files and run it again; do not edit this migration once it has been applied anywhere.
DROP FUNCTION IF EXISTS withdrawal_request(p_brand integer, p_member integer, p_reference text, p_request_id text, p_bank jsonb, p_amount bigint, p_main bigint, p_hold bigint, p_daily_limit integer, p_day_start timestamp with time zone);
--> statement-breakpoint
-- A withdrawal request and the hold of its amount, in one statement (docs/money.md): the member's main
-- wallet row is locked first, so the daily count cannot be raced past. With a review reason (a bank
-- account whose holder is not the member's name: server/modules/kyc/holder-name.ts) it waits in 'review'
-- for an operator instead of the queue.
CREATE OR REPLACE FUNCTION withdrawal_request(
  p_brand integer,
  p_member integer,
  p_reference text,
  p_request_id text,
  p_bank jsonb,
  p_amount bigint,
  p_main bigint,
  p_hold bigint,
  p_daily_limit integer,
  p_day_start timestamptz,
  p_review jsonb
) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_id bigint;
  v_existing record;
  v_today integer;
BEGIN
  -- One member's requests queue here, so the daily count cannot be raced past.
  PERFORM 1 FROM ledger_accounts WHERE id = p_main FOR UPDATE;
  SELECT id, reference, status INTO v_existing FROM withdrawals WHERE member_id = p_member AND request_id = p_request_id;
  IF FOUND THEN
    RETURN jsonb_build_object('id', v_existing.id, 'reference', v_existing.reference, 'replayed', true);
  END IF;
  SELECT count(*) INTO v_today FROM withdrawals
  WHERE member_id = p_member AND created_at >= p_day_start AND status NOT IN ('rejected', 'cancelled');
  IF v_today >= p_daily_limit THEN
    RAISE EXCEPTION 'WITHDRAW_DAILY_LIMIT';
  END IF;
  INSERT INTO withdrawals (brand_id, member_id, reference, request_id, bank, amount, status, review)
  VALUES (p_brand, p_member, p_reference, p_request_id, p_bank, p_amount,
          CASE WHEN p_review IS NULL THEN 'pending' ELSE 'review' END, p_review)
  RETURNING id INTO v_id;
  PERFORM ledger_post(
    p_brand, 'withdrawal:' || v_id || ':hold', 'withdrawal_hold', 'hold:' || p_amount,
    jsonb_build_object('withdrawal', p_reference), ARRAY[p_main, p_hold], ARRAY[-p_amount, p_amount]
  );
  RETURN jsonb_build_object('id', v_id, 'reference', p_reference, 'replayed', false,
    'status', CASE WHEN p_review IS NULL THEN 'pending' ELSE 'review' END);
END;
$$;
