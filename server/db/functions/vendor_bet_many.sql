-- Many bets of one player with one vendor at once (docs/money.md), each its own movement under its own
-- key (a lottery slip's lines): the wallet is locked and updated once by the total, only if it covers all
-- of them (insufficient funds refuses every one), each movement's two postings carry the wallet's balance
-- and version right after it, and each bet opens its round. A key already claimed refuses the whole call
-- (LEDGER_KEY_REUSED): a caller retrying a request answers from its own records before calling again.
-- Answers the wallet's balance after.
CREATE OR REPLACE FUNCTION vendor_bet_many(
  p_brand integer,
  p_vendor text,
  p_member integer,
  p_wallet bigint,
  p_house bigint,
  p_rounds text[],
  p_games text[],
  p_amounts bigint[],
  p_keys text[],
  p_hashes text[],
  p_meta jsonb
) RETURNS bigint
LANGUAGE plpgsql
-- Each call plans its statements for its own arrays: a cached generic plan cannot know their sizes and
-- once scanned every round for a chunk of a few thousand.
SET plan_cache_mode = force_custom_plan
AS $$
DECLARE
  v_total bigint;
  v_count integer := cardinality(p_amounts);
  v_balance bigint;
  v_version bigint;
  v_claimed integer;
BEGIN
  -- A few bets (a sportsbook slip) take the cached generic plans instead: planning each statement afresh
  -- cost them three times what running it did, and a generic plan, estimated for ten items, fits a few.
  -- A SET LOCAL here ends with the call (the function has its own SET).
  IF v_count <= 8 THEN
    PERFORM set_config('plan_cache_mode', 'force_generic_plan', true);
  END IF;
  IF v_count = 0 OR EXISTS (SELECT 1 FROM unnest(p_amounts) a WHERE a <= 0) THEN
    RAISE EXCEPTION 'LEDGER_BAD_POSTINGS';
  END IF;
  PERFORM 1 FROM ledger_accounts WHERE id = p_house AND brand_id = p_brand AND floor IS NULL;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'LEDGER_NO_ACCOUNT' USING DETAIL = p_house::text;
  END IF;
  SELECT sum(a) INTO v_total FROM unnest(p_amounts) a;

  UPDATE ledger_accounts
  SET balance = balance - v_total, version = version + v_count
  WHERE id = p_wallet AND brand_id = p_brand AND floor IS NOT NULL AND balance - v_total >= floor
  RETURNING balance, version INTO v_balance, v_version;
  IF NOT FOUND THEN
    IF EXISTS (SELECT 1 FROM ledger_accounts WHERE id = p_wallet AND brand_id = p_brand AND floor IS NOT NULL) THEN
      RAISE EXCEPTION 'LEDGER_INSUFFICIENT_FUNDS' USING DETAIL = p_wallet::text;
    END IF;
    RAISE EXCEPTION 'LEDGER_NO_ACCOUNT' USING DETAIL = p_wallet::text;
  END IF;

  WITH items AS (
    SELECT * FROM unnest(p_rounds, p_games, p_amounts, p_keys, p_hashes) WITH ORDINALITY
      AS i(round, game, amount, key, hash, ord)
  ),
  claimed AS (
    INSERT INTO ledger_transactions (brand_id, idempotency_key, kind, request_hash, result, meta)
    SELECT p_brand, key, 'bet', hash, '{}'::jsonb,
      coalesce(p_meta, '{}'::jsonb) || jsonb_build_object('vendor', p_vendor, 'round', round, 'game', game, 'member', p_member)
    FROM items ORDER BY ord
    ON CONFLICT (brand_id, idempotency_key) DO NOTHING
    RETURNING id, idempotency_key
  ),
  fresh AS (
    SELECT items.*, claimed.id AS tx,
      -- What the wallet held right after this bet: the final balance plus the bets after it.
      v_balance + coalesce(sum(items.amount) OVER later, 0) AS after,
      v_version - count(*) OVER later AS version
    FROM items JOIN claimed ON claimed.idempotency_key = items.key
    WINDOW later AS (ORDER BY items.ord ROWS BETWEEN 1 FOLLOWING AND UNBOUNDED FOLLOWING)
  ),
  entries AS (
    INSERT INTO ledger_entries (transaction_id, account_id, amount, balance_after, version)
    SELECT tx, p_wallet, -amount, after, version FROM fresh
    UNION ALL
    SELECT tx, p_house, amount, NULL, NULL FROM fresh
    RETURNING 1
  ),
  rounds AS (
    INSERT INTO vendor_rounds (brand_id, vendor_code, round_id, member_id, game_code, stake)
    SELECT p_brand, p_vendor, round, p_member, game, amount FROM fresh
    RETURNING 1
  )
  SELECT count(*) INTO v_claimed FROM fresh;
  IF v_claimed <> v_count THEN
    RAISE EXCEPTION 'LEDGER_KEY_REUSED';
  END IF;
  RETURN v_balance;
END;
$$;
