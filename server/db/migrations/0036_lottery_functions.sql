-- Written by npm run db:functions from server/db/functions/ (new lottery_close, lottery_place, lottery_refund, lottery_settle, vendor_bet_many, vendor_settle_lost, vendor_win_many).
-- Edit those files and run it again; do not edit this migration once it has been applied anywhere.
-- Closes a lottery draw once its window has passed (docs/lottery.md): takes the draw's advisory lock
-- exclusively, so slips being placed on it (which hold it shared) finish first, then fixes its mix, the
-- SHA-256 of its accepted lines in id order, which with the committed seed decides its numbers. Answers
-- the draw's mix and line count, or null when it was not due or is closed already.
CREATE OR REPLACE FUNCTION lottery_close(p_draw bigint) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_count integer;
  v_mix text;
BEGIN
  PERFORM pg_advisory_xact_lock(1819243636, (p_draw % 2147483647)::integer);
  PERFORM 1 FROM lottery_draws
  WHERE id = p_draw AND status IN ('scheduled', 'open') AND closes_at <= now()
  FOR UPDATE;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  SELECT count(*),
    encode(sha256(convert_to(coalesce(string_agg(
      id || ':' || member_id || ':' || bet_type || ':' || selection::text || ':' || unit || ':' || multiplier,
      E'\n' ORDER BY id), ''), 'UTF8')), 'hex')
  INTO v_count, v_mix
  FROM lottery_bets WHERE draw_id = p_draw AND status = 'placed';
  UPDATE lottery_draws SET status = 'closed', mix = v_mix, bet_count = v_count WHERE id = p_draw;
  RETURN jsonb_build_object('mix', v_mix, 'bets', v_count);
END;
$$;
--> statement-breakpoint
-- A lottery bet slip (docs/lottery.md), in one statement: every draw it names must be taking bets by
-- this database's clock (the first one open now; a chase's later ones before their close). Each draw is
-- held with a shared advisory lock until the slip commits, so a draw's close (which takes it exclusively)
-- waits for slips in flight and a slip arriving after the close sees it closed. Every line is a row and a
-- round `L<id>` of the game's vendor, their stakes moved through vendor_bet_many (one wallet update for
-- the slip, one movement per line); a chase is its own row. A request id already used answers with its
-- lines; a refusal (a draw closed, not enough money) writes nothing.
CREATE OR REPLACE FUNCTION lottery_place(
  p_brand integer,
  p_member integer,
  p_game integer,
  p_game_code text,
  p_vendor text,
  p_request text,
  p_draws bigint[],
  p_stop_on_win boolean,
  p_items jsonb,
  p_wallet bigint,
  p_house bigint
) RETURNS jsonb
LANGUAGE plpgsql
-- Each call plans its statements for its own arrays: a cached generic plan cannot know their sizes and
-- once scanned every round for a chunk of a few thousand.
SET plan_cache_mode = force_custom_plan
AS $$
DECLARE
  v_open integer;
  v_chase bigint;
  v_ids bigint[];
  v_rounds text[];
  v_amounts bigint[];
  v_keys text[];
  v_hashes text[];
  v_balance bigint;
  v_lines jsonb;
BEGIN
  IF EXISTS (SELECT 1 FROM lottery_bets WHERE member_id = p_member AND request_id = p_request) THEN
    RETURN jsonb_build_object('replayed', true);
  END IF;

  PERFORM pg_advisory_xact_lock_shared(1819243636, (d % 2147483647)::integer)
  FROM unnest(p_draws) d ORDER BY d;
  SELECT count(*) INTO v_open FROM lottery_draws
  WHERE id = ANY(p_draws) AND game_id = p_game AND brand_id = p_brand
    AND status IN ('scheduled', 'open') AND now() < closes_at AND (id <> p_draws[1] OR now() >= opens_at);
  IF v_open <> cardinality(p_draws) THEN
    RAISE EXCEPTION 'LOTTERY_DRAW_CLOSED';
  END IF;

  IF cardinality(p_draws) > 1 THEN
    INSERT INTO lottery_chases (brand_id, member_id, game_id, draws, stop_on_win)
    VALUES (p_brand, p_member, p_game, cardinality(p_draws), p_stop_on_win)
    RETURNING id INTO v_chase;
  END IF;

  WITH placed AS (
    INSERT INTO lottery_bets (brand_id, member_id, draw_id, game_id, chase_id, request_id, line, bet_type,
      selection, combos, unit, multiplier, stake, odds)
    SELECT p_brand, p_member, i.draw, p_game, v_chase, p_request, i.line, i."betType", i.selection, i.combos,
      i.unit, i.multiplier, i.stake, i.odds
    FROM jsonb_to_recordset(p_items) AS i(draw bigint, line smallint, "betType" text, selection jsonb,
      combos integer, unit bigint, multiplier integer, stake bigint, odds jsonb)
    RETURNING id, draw_id, line, stake
  )
  SELECT array_agg(p.id ORDER BY p.id), array_agg('L' || p.id ORDER BY p.id), array_agg(p.stake ORDER BY p.id),
    array_agg(i.key ORDER BY p.id), array_agg(i.hash ORDER BY p.id),
    jsonb_agg(jsonb_build_object('id', p.id, 'draw', p.draw_id, 'line', p.line) ORDER BY p.id)
  INTO v_ids, v_rounds, v_amounts, v_keys, v_hashes, v_lines
  FROM placed p
  JOIN jsonb_to_recordset(p_items) AS i(draw bigint, line smallint, key text, hash text)
    ON i.draw = p.draw_id AND i.line = p.line;

  v_balance := vendor_bet_many(p_brand, p_vendor, p_member, p_wallet, p_house, v_rounds,
    array_fill(p_game_code, ARRAY[cardinality(v_rounds)]), v_amounts, v_keys, v_hashes, '{}'::jsonb);

  RETURN jsonb_build_object('replayed', false, 'lines', v_lines, 'balance', v_balance, 'chase', v_chase,
    'at', now());
END;
$$;
--> statement-breakpoint
-- Gives lottery lines their stake back (docs/lottery.md), each once, through vendor_rollback:
-- - 'member': the member cancels lines of their own while the draw still takes bets, by this database's
--   clock (the draw held as a slip holds it, so a close waits); a line that cannot be cancelled refuses
--   the whole call;
-- - 'chase': a chase that won gives back its lines in draws still taking bets; the others play on;
-- - 'draw': every line of a cancelled draw.
-- Answers the refunded line ids and the main balance of each member refunded.
CREATE OR REPLACE FUNCTION lottery_refund(
  p_brand integer,
  p_vendor text,
  p_game_code text,
  p_mode text,
  p_member integer,
  p_items jsonb
) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_item jsonb;
  v_id bigint;
  v_draw bigint;
  v_member integer;
  v_round text;
  v_out jsonb;
  v_ids bigint[] := '{}';
  v_balances jsonb := '{}'::jsonb;
BEGIN
  FOR v_item IN SELECT value FROM jsonb_array_elements(p_items) LOOP
    v_id := (v_item->>'id')::bigint;
    IF p_mode <> 'draw' THEN
      SELECT draw_id INTO v_draw FROM lottery_bets WHERE id = v_id;
      PERFORM pg_advisory_xact_lock_shared(1819243636, (coalesce(v_draw, 0) % 2147483647)::integer);
      PERFORM 1 FROM lottery_draws d
      WHERE d.id = v_draw AND d.status IN ('scheduled', 'open') AND now() < d.closes_at;
      IF NOT FOUND THEN
        IF p_mode = 'member' THEN
          RAISE EXCEPTION 'LOTTERY_DRAW_CLOSED';
        END IF;
        CONTINUE;
      END IF;
    END IF;
    UPDATE lottery_bets SET status = 'refunded', settled_at = now()
    WHERE id = v_id AND status = 'placed' AND brand_id = p_brand
      AND (p_member IS NULL OR member_id = p_member)
    RETURNING member_id INTO v_member;
    IF NOT FOUND THEN
      IF p_mode = 'member' THEN
        RAISE EXCEPTION 'LOTTERY_BET_NOT_OPEN';
      END IF;
      CONTINUE;
    END IF;
    v_round := 'L' || v_id;
    v_out := vendor_rollback(p_brand, p_vendor, v_round, v_member, v_item->>'targetKey', v_item->>'key',
      v_item->>'hash',
      jsonb_build_object('vendor', p_vendor, 'round', v_round, 'game', p_game_code, 'member', v_member));
    v_ids := v_ids || v_id;
    v_balances := v_balances || jsonb_build_object(
      v_member::text, (v_out->'balances'->>(v_item->>'wallet'))::bigint);
  END LOOP;
  RETURN jsonb_build_object('ids', to_jsonb(v_ids), 'balances', v_balances);
END;
$$;
--> statement-breakpoint
-- Settles a chunk of a drawn lottery draw's lines (docs/lottery.md), each line once: lost lines settle
-- with their rounds and no money (vendor_settle_lost); won lines still placed are marked won and paid
-- through vendor_win_many, each under its own key, in one set-based statement. A line that is not placed
-- any more (settled by an earlier run, refunded) is left alone. Answers the main balance of each wallet
-- paid, by account id.
CREATE OR REPLACE FUNCTION lottery_settle(
  p_brand integer,
  p_draw bigint,
  p_vendor text,
  p_game_code text,
  p_lost bigint[],
  p_house bigint,
  p_ids bigint[],
  p_payouts bigint[],
  p_wallets bigint[],
  p_keys text[],
  p_hashes text[]
) RETURNS jsonb
LANGUAGE plpgsql
-- Each call plans its statements for its own arrays: a cached generic plan cannot know their sizes and
-- once scanned every round for a chunk of a few thousand.
SET plan_cache_mode = force_custom_plan
AS $$
DECLARE
  v_rounds text[];
  v_won_rounds text[];
  v_members integer[];
  v_wallets bigint[];
  v_amounts bigint[];
  v_keys text[];
  v_hashes text[];
  v_balances jsonb;
BEGIN
  WITH lost AS (
    UPDATE lottery_bets SET status = 'lost', settled_at = now()
    WHERE id = ANY(p_lost) AND draw_id = p_draw AND status = 'placed'
    RETURNING id
  )
  SELECT coalesce(array_agg('L' || id), '{}') INTO v_rounds FROM lost;
  PERFORM vendor_settle_lost(p_brand, p_vendor, v_rounds);

  WITH won AS (
    UPDATE lottery_bets b SET status = 'won', payout = w.payout, settled_at = now()
    FROM unnest(p_ids, p_payouts, p_wallets, p_keys, p_hashes) AS w(id, payout, wallet, key, hash)
    WHERE b.id = w.id AND b.draw_id = p_draw AND b.status = 'placed'
    RETURNING b.id, b.member_id, w.payout, w.wallet, w.key, w.hash
  )
  SELECT coalesce(array_agg('L' || id ORDER BY wallet, id), '{}'),
    coalesce(array_agg(member_id ORDER BY wallet, id), '{}'),
    coalesce(array_agg(wallet ORDER BY wallet, id), '{}'),
    coalesce(array_agg(payout ORDER BY wallet, id), '{}'),
    coalesce(array_agg(key ORDER BY wallet, id), '{}'),
    coalesce(array_agg(hash ORDER BY wallet, id), '{}')
  INTO v_won_rounds, v_members, v_wallets, v_amounts, v_keys, v_hashes
  FROM won;
  v_balances := vendor_win_many(p_brand, p_vendor, p_house, v_won_rounds, v_members, v_wallets, v_amounts,
    v_keys, v_hashes, jsonb_build_object('game', p_game_code));
  RETURN jsonb_build_object('lost', cardinality(v_rounds), 'balances', v_balances);
END;
$$;
--> statement-breakpoint
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
--> statement-breakpoint
-- Settles many lost rounds of one vendor at once (docs/money.md): a round that paid nothing moves no money,
-- so it needs no ledger movement, only its settlement (the first settlement time stays). Rounds already
-- settled or cancelled are left as they are; answers how many were settled now.
CREATE OR REPLACE FUNCTION vendor_settle_lost(p_brand integer, p_vendor text, p_rounds text[]) RETURNS integer
LANGUAGE plpgsql
-- Each call plans its statements for its own arrays: a cached generic plan cannot know their sizes and
-- once scanned every round for a chunk of a few thousand.
SET plan_cache_mode = force_custom_plan
AS $$
DECLARE
  v_count integer;
BEGIN
  UPDATE vendor_rounds SET status = 'settled', settled_at = coalesce(settled_at, now())
  WHERE brand_id = p_brand AND vendor_code = p_vendor AND round_id = ANY(p_rounds) AND status = 'open';
  GET DIAGNOSTICS v_count = ROW_COUNT;
  RETURN v_count;
END;
$$;
--> statement-breakpoint
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
