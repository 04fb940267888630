import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkFunctionFiles,
  type FunctionFile,
  migrationStatements,
  readFunctionFiles,
} from '../../server/db/function-files';
import { createTestContext, databaseKinds, type TestContext } from './harness';

// Each PL/pgSQL function's current definition lives in server/db/functions/<name>.sql; the migrations
// must produce exactly that (npm run db:functions writes the migration when a file changes).
describe.each(databaseKinds)('SQL function files on %s', (kind) => {
  let ctx: TestContext;
  const files = readFunctionFiles();

  beforeAll(async () => {
    ctx = await createTestContext(kind);
  }, 60_000);
  afterAll(async () => {
    await ctx?.close();
  });

  it('the migrated database defines every function, and its triggers, as its file does', async () => {
    const check = await checkFunctionFiles(ctx.handle.db, files);
    expect(check.files.length).toBeGreaterThan(0);
    expect(check.files.filter((f) => f.status !== 'same').map((f) => `${f.name}: ${f.status}`)).toEqual([]);
    // No strays either way: every function of the public schema has its file, once.
    expect(check.strays.map((f) => `${f.name}(${f.identity})`)).toEqual([]);
    expect(check.database.functions.map((f) => f.name).sort()).toEqual(files.map((f) => f.name).sort());
    expect(migrationStatements(check, files)).toEqual([]);
    // The guards are part of their functions' files.
    expect(check.files.find((f) => f.name === 'ledger_append_only')?.triggers.map((t) => t.table)).toEqual([
      'ledger_accounts',
      'ledger_entries',
      'ledger_transactions',
    ]);
  });

  it('sees an edited body, a new signature, a removed trigger, a new file and a removed file', async () => {
    const edit = (name: string, change: (text: string) => string): FunctionFile[] =>
      files.map((f) => (f.name === name ? { ...f, text: change(f.text) } : f));

    // A comment outside the function is not part of it; one inside the body is.
    const outside = await checkFunctionFiles(
      ctx.handle.db,
      edit('vendor_win', (t) => `-- a note\n${t}`),
    );
    expect(outside.files.every((f) => f.status === 'same')).toBe(true);
    const commented = edit('vendor_win', (t) => t.replace('BEGIN\n', 'BEGIN\n  -- a note\n'));
    const inside = await checkFunctionFiles(ctx.handle.db, commented);
    expect(inside.files.filter((f) => f.status !== 'same').map((f) => f.name)).toEqual(['vendor_win']);
    expect(migrationStatements(inside, commented)).toEqual([
      commented.find((f) => f.name === 'vendor_win')!.text.trim(),
    ]);

    const lessGuarded = edit('ledger_append_only', (t) =>
      t.split('--> statement-breakpoint').slice(0, 3).join('--> statement-breakpoint'),
    );
    const trigger = await checkFunctionFiles(ctx.handle.db, lessGuarded);
    expect(trigger.files.find((f) => f.name === 'ledger_append_only')?.status).toBe('changed');
    expect(migrationStatements(trigger, lessGuarded)[0]).toBe(
      'DROP TRIGGER IF EXISTS ledger_entries_kept ON ledger_entries;',
    );

    // A new signature replaces the old one, which CREATE OR REPLACE alone would leave beside it.
    const widened = edit('vendor_win', (t) =>
      t.replace(
        'p_amounts bigint[]\n) RETURNS jsonb',
        'p_amounts bigint[],\n  p_note text DEFAULT NULL\n) RETURNS jsonb',
      ),
    );
    const signature = await checkFunctionFiles(ctx.handle.db, widened);
    expect(signature.files.find((f) => f.name === 'vendor_win')?.status).toBe('changed');
    const [oldWin] = signature.strays;
    expect(signature.strays).toHaveLength(1);
    expect(oldWin?.name).toBe('vendor_win');
    expect(migrationStatements(signature, widened)).toEqual([
      `DROP FUNCTION IF EXISTS vendor_win(${oldWin!.identity});`,
      widened.find((f) => f.name === 'vendor_win')!.text.trim(),
    ]);

    // A new file is created; a function whose file is gone is dropped.
    const extra: FunctionFile = {
      name: 'one_more',
      text: 'CREATE OR REPLACE FUNCTION one_more() RETURNS integer\nLANGUAGE plpgsql AS $$\nBEGIN\n  RETURN 1;\nEND;\n$$;\n',
    };
    const removed = files.at(-1)!;
    const changedSet = [...files.filter((f) => f !== removed), extra];
    const added = await checkFunctionFiles(ctx.handle.db, changedSet);
    expect(added.files.find((f) => f.name === 'one_more')?.status).toBe('new');
    expect(added.strays.map((f) => f.name)).toEqual([removed.name]);
    expect(migrationStatements(added, changedSet)).toEqual([
      `DROP FUNCTION IF EXISTS ${removed.name}(${added.strays[0]!.identity});`,
      extra.text.trim(),
    ]);

    await expect(checkFunctionFiles(ctx.handle.db, [{ name: 'misnamed', text: extra.text }])).rejects.toThrow(
      /exactly one function, named misnamed/,
    );
    // Nothing of the checks stayed behind.
    expect((await checkFunctionFiles(ctx.handle.db, files)).files.every((f) => f.status === 'same')).toBe(
      true,
    );
  });
});
