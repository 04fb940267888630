-- Withdrawals move money in the same statement as their status (docs/money.md), and the audit log is
-- append-only.

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
  p_day_start timestamptz
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
  INSERT INTO withdrawals (brand_id, member_id, reference, request_id, bank, amount, status)
  VALUES (p_brand, p_member, p_reference, p_request_id, p_bank, p_amount, 'pending')
  RETURNING id INTO v_id;
  PERFORM ledger_post(
    p_brand, 'withdrawal:' || v_id || ':hold', 'withdrawal_hold', 'hold:' || p_amount,
    jsonb_build_object('withdrawal', p_reference), ARRAY[p_main, p_hold], ARRAY[-p_amount, p_amount]
  );
  RETURN jsonb_build_object('id', v_id, 'reference', p_reference, 'replayed', false);
END;
$$;
--> statement-breakpoint

CREATE OR REPLACE FUNCTION withdrawal_decide(
  p_withdrawal bigint,
  p_to text,
  p_from text[],
  p_operator integer,
  p_reason text,
  p_kind text,
  p_accounts bigint[],
  p_amounts bigint[]
) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_row record;
BEGIN
  SELECT id, brand_id, status, reference INTO v_row FROM withdrawals WHERE id = p_withdrawal FOR UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'WITHDRAWAL_NOT_FOUND';
  END IF;
  IF v_row.status = p_to THEN
    RETURN jsonb_build_object('status', p_to, 'replayed', true);
  END IF;
  IF NOT (v_row.status = ANY (p_from)) THEN
    RAISE EXCEPTION 'WITHDRAWAL_STATE' USING DETAIL = v_row.status;
  END IF;
  IF coalesce(array_length(p_accounts, 1), 0) > 0 THEN
    PERFORM ledger_post(
      v_row.brand_id, 'withdrawal:' || p_withdrawal || ':' || p_kind, p_kind, p_kind,
      jsonb_build_object('withdrawal', v_row.reference), p_accounts, p_amounts
    );
  END IF;
  UPDATE withdrawals SET
    status = p_to,
    reason = coalesce(p_reason, reason),
    decided_by = coalesce(p_operator, decided_by),
    -- When the money moved: the member's time to confirm receipt counts from the payment.
    decided_at = CASE WHEN p_to IN ('paid', 'rejected', 'refunded') THEN now() ELSE decided_at END,
    updated_at = now()
  WHERE id = p_withdrawal;
  RETURN jsonb_build_object('status', p_to, 'replayed', false);
END;
$$;
--> statement-breakpoint

CREATE OR REPLACE FUNCTION audit_log_append_only() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'AUDIT_LOG_APPEND_ONLY';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER audit_log_no_change BEFORE UPDATE OR DELETE ON audit_log
FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
