/**
 * npm run db:functions [-- <migration name>] [--dry-run]: writes the migration that brings a database to
 * the function files (`server/db/functions/<name>.sql`, see server/db/function-files.ts).
 *
 * It migrates a fresh in-memory database, compares every file with what the migrations produced, and,
 * when something differs, makes an empty custom migration with drizzle-kit (its file and journal entry)
 * and fills it with the CREATE OR REPLACE of each changed or new file, after the drops CREATE OR REPLACE
 * cannot do (another signature, a trigger the file no longer names, a function whose file was removed).
 * With --dry-run it prints the statements instead.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../server/db/client';
import { checkFunctionFiles, migrationStatements, readFunctionFiles } from '../server/db/function-files';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const migrationsFolder = path.join(root, 'server/db/migrations');
const journalPath = path.join(migrationsFolder, 'meta/_journal.json');

const args = process.argv.slice(2);
const dryRun = args.includes('--dry-run');
const name = args.find((arg) => !arg.startsWith('--')) ?? 'functions';
if (!/^[a-z0-9_]+$/.test(name)) {
  console.error(`functions: a migration name is lower-case letters, digits and _ (got "${name}")`);
  process.exit(2);
}

const handle = await openDatabase({});
await handle.migrate();
const files = readFunctionFiles();
const check = await checkFunctionFiles(handle.db, files).finally(() => handle.close());
const statements = migrationStatements(check, files);

const byStatus = (status: string) => check.files.filter((f) => f.status === status).map((f) => f.name);
const changed = byStatus('changed');
const added = byStatus('new');
const dropped = check.strays.map((f) => `${f.name}(${f.identity})`);
console.log(`functions: ${files.length} files, ${byStatus('same').length} as the migrations define them`);
if (changed.length) console.log(`functions: changed: ${changed.join(', ')}`);
if (added.length) console.log(`functions: new: ${added.join(', ')}`);
if (dropped.length) console.log(`functions: dropped (no file defines them): ${dropped.join(', ')}`);
if (statements.length === 0) {
  console.log('functions: nothing to write');
  process.exit(0);
}

const parts = [changed.length && `changed ${changed.join(', ')}`, added.length && `new ${added.join(', ')}`]
  .concat(dropped.length ? `dropped ${check.strays.map((f) => f.name).join(', ')}` : [])
  .filter(Boolean);
const text = [
  `-- Written by npm run db:functions from server/db/functions/ (${parts.join('; ')}).`,
  '-- Edit those files and run it again; do not edit this migration once it has been applied anywhere.',
  statements.join('\n--> statement-breakpoint\n'),
].join('\n');

if (dryRun) {
  console.log(`\n${text}`);
  process.exit(0);
}

interface Journal {
  entries: { idx: number; when: number; tag: string }[];
}
const readJournal = () => JSON.parse(readFileSync(journalPath, 'utf8')) as Journal;
const before = new Set(readJournal().entries.map((entry) => entry.tag));
execFileSync('npx', ['drizzle-kit', 'generate', '--custom', '--name', name], { cwd: root, stdio: 'inherit' });
const journal = readJournal();
const entry = journal.entries.find((e) => !before.has(e.tag));
if (!entry) throw new Error('drizzle-kit wrote no journal entry');
// The migrator applies a migration only if it is newer than the last applied one.
const previous = journal.entries.filter((e) => e !== entry).at(-1);
if (previous && entry.when <= previous.when) {
  entry.when = previous.when + 1;
  writeFileSync(journalPath, `${JSON.stringify(journal, null, 2)}`);
}
const file = path.join(migrationsFolder, `${entry.tag}.sql`);
writeFileSync(file, `${text}\n`);
console.log(`functions: wrote ${path.relative(root, file)} (${statements.length} statements)`);
