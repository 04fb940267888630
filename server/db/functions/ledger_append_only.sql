-- The ledger's tables keep what they hold (docs/money.md). ledger_entries has no foreign keys (migration
-- 0017: each posting fired two referential checks, while the only writers are the ledger's functions,
-- which have just found both rows), so instead these triggers refuse DELETE and TRUNCATE on the three
-- tables and UPDATE on postings, and `npm run ledger:check` verifies that every posting names an existing
-- account and transaction.
CREATE OR REPLACE FUNCTION ledger_append_only() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'LEDGER_APPEND_ONLY' USING DETAIL = TG_TABLE_NAME;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER ledger_accounts_kept BEFORE DELETE OR TRUNCATE ON ledger_accounts
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER ledger_transactions_kept BEFORE DELETE OR TRUNCATE ON ledger_transactions
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER ledger_entries_kept BEFORE UPDATE OR DELETE OR TRUNCATE ON ledger_entries
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only();
