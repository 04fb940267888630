-- Many vendor wins at once (docs/money.md), each its own movement under its own key, from the brand's
-- house account to a player's wallet, paying and settling its round (a lottery draw's winning lines).
-- Set-based: the wallets are locked in id order (so two such calls never deadlock), each updated once by
-- the sum of its wins, and each movement's postings carry the wallet's balance and version right after
-- it. An item whose key is already claimed moves nothing again (its caller guards against sending it
-- twice; a replay is answered by the first movement). Answers each paid wallet's balance after.
CREATE OR REPLACE FUNCTION vendor_win_many(
  p_brand integer,
  p_vendor text,
  p_house bigint,
  p_rounds text[],
  p_members integer[],
  p_wallets bigint[],
  p_amounts bigint[],
  p_keys text[],
  p_hashes text[],
  p_meta jsonb
) RETURNS jsonb
LANGUAGE plpgsql
-- Each call plans its statements for its own arrays: a cached generic plan cannot know their sizes and
-- once scanned every round for a chunk of a few thousand.
SET plan_cache_mode = force_custom_plan
AS $$
DECLARE
  v_balances jsonb;
  v_paid integer;
  v_expected integer;
BEGIN
  IF cardinality(p_amounts) = 0 THEN
    RETURN '{}'::jsonb;
  END IF;
  IF EXISTS (SELECT 1 FROM unnest(p_amounts) a WHERE a <= 0) THEN
    RAISE EXCEPTION 'LEDGER_BAD_POSTINGS';
  END IF;
  PERFORM 1 FROM ledger_accounts WHERE id = p_house AND brand_id = p_brand AND floor IS NULL;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'LEDGER_NO_ACCOUNT' USING DETAIL = p_house::text;
  END IF;
  PERFORM 1 FROM ledger_accounts
  WHERE id = ANY(p_wallets) AND brand_id = p_brand AND floor IS NOT NULL
  ORDER BY id FOR UPDATE;

  WITH items AS (
    SELECT * FROM unnest(p_rounds, p_members, p_wallets, p_amounts, p_keys, p_hashes) WITH ORDINALITY
      AS i(round, member, wallet, amount, key, hash, ord)
  ),
  claimed AS (
    INSERT INTO ledger_transactions (brand_id, idempotency_key, kind, request_hash, result, meta)
    SELECT p_brand, key, 'win', hash, '{}'::jsonb,
      coalesce(p_meta, '{}'::jsonb) || jsonb_build_object('vendor', p_vendor, 'round', round, 'member', member)
    FROM items ORDER BY ord
    ON CONFLICT (brand_id, idempotency_key) DO NOTHING
    RETURNING id, idempotency_key
  ),
  fresh AS (
    SELECT items.*, claimed.id AS tx FROM items JOIN claimed ON claimed.idempotency_key = items.key
  ),
  totals AS (
    SELECT wallet, sum(amount) AS total, count(*) AS n FROM fresh GROUP BY wallet
  ),
  wallets AS (
    UPDATE ledger_accounts a SET balance = a.balance + t.total, version = a.version + t.n
    FROM totals t WHERE a.id = t.wallet AND a.brand_id = p_brand AND a.floor IS NOT NULL
    RETURNING a.id, a.balance, a.version
  ),
  entries AS (
    INSERT INTO ledger_entries (transaction_id, account_id, amount, balance_after, version)
    SELECT f.tx, f.wallet, f.amount,
      w.balance - coalesce(sum(f.amount) OVER later, 0),
      w.version - count(*) OVER later
    FROM fresh f JOIN wallets w ON w.id = f.wallet
    WINDOW later AS (PARTITION BY f.wallet ORDER BY f.ord ROWS BETWEEN 1 FOLLOWING AND UNBOUNDED FOLLOWING)
    UNION ALL
    SELECT tx, p_house, -amount, NULL, NULL FROM fresh
    RETURNING 1
  ),
  rounds AS (
    UPDATE vendor_rounds r
    SET payout = r.payout + f.amount, status = 'settled', settled_at = coalesce(r.settled_at, now())
    FROM fresh f
    WHERE r.brand_id = p_brand AND r.vendor_code = p_vendor AND r.round_id = f.round AND r.member_id = f.member
    RETURNING 1
  )
  SELECT coalesce(jsonb_object_agg(id::text, balance), '{}'::jsonb), count(*),
    (SELECT count(DISTINCT wallet) FROM fresh)
  INTO v_balances, v_paid, v_expected FROM wallets;
  -- A wallet that is not this brand's player wallet would leave the house's side unmatched: nothing stays.
  IF v_paid <> v_expected THEN
    RAISE EXCEPTION 'LEDGER_NO_ACCOUNT';
  END IF;
  RETURN v_balances;
END;
$$;
