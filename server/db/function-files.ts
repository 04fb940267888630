/**
 * The PL/pgSQL functions' single home: `server/db/functions/<name>.sql` holds the current definition of
 * function `<name>` (and, for a trigger function, the triggers that call it, as CREATE OR REPLACE
 * TRIGGER), statements separated by `--> statement-breakpoint` as in a migration. Migrations are written
 * from these files by `npm run db:functions` (scripts/sql-functions.ts); tests/server/sql-functions.test.ts
 * checks that a migrated database holds exactly what they say.
 *
 * A file is compared with the database by creating it in a scratch schema, inside a transaction that is
 * rolled back, and comparing the catalog's own rendering of both (`pg_get_functiondef`,
 * `pg_get_triggerdef`): comments outside the function body and the spelling of the header do not count,
 * the body does, byte for byte.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { Database } from './client';

export const functionsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'functions');

export interface FunctionFile {
  /** The function's name, which is the file's name without `.sql`. */
  name: string;
  text: string;
}

/** A function as the catalog renders it, its schema written as `public`. */
export interface CatalogFunction {
  name: string;
  /** Argument types, as `DROP FUNCTION` needs them. */
  identity: string;
  /** Arguments with names and defaults, and the result: what CREATE OR REPLACE may not change. */
  signature: string;
  definition: string;
}

export interface CatalogTrigger {
  name: string;
  table: string;
  /** The function it executes. */
  function: string;
  definition: string;
}

export interface FileCheck {
  name: string;
  /** `new`: no function of this name in the database; `changed`: the function or its triggers differ. */
  status: 'same' | 'changed' | 'new';
  /** What the file defines. */
  function: CatalogFunction;
  triggers: CatalogTrigger[];
}

export interface FunctionCheck {
  files: FileCheck[];
  /** Functions of the public schema that no file defines (other names, or other overloads of a name). */
  strays: CatalogFunction[];
  /** What the public schema holds today. */
  database: { functions: CatalogFunction[]; triggers: CatalogTrigger[] };
}

const SCRATCH = 'sql_function_files_check';
const BREAKPOINT = '--> statement-breakpoint';

export function readFunctionFiles(folder = functionsFolder): FunctionFile[] {
  return readdirSync(folder)
    .filter((file) => file.endsWith('.sql'))
    .sort()
    .map((file) => ({
      name: file.slice(0, -'.sql'.length),
      text: readFileSync(path.join(folder, file), 'utf8'),
    }));
}

/** A file's statements, split where a migration would split them. */
export function statementsOf(text: string): string[] {
  return text
    .split(BREAKPOINT)
    .map((part) => part.trim())
    .filter((part) => part.split('\n').some((line) => line.trim() !== '' && !line.trim().startsWith('--')));
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

class Rollback extends Error {}

async function functionsIn(db: Database, schema: string): Promise<CatalogFunction[]> {
  const rows = rowsOf<CatalogFunction>(
    await db.execute(sql`
      SELECT p.proname AS name, pg_get_function_identity_arguments(p.oid) AS identity,
        pg_get_function_arguments(p.oid) || ' -> ' || coalesce(pg_get_function_result(p.oid), '') AS signature,
        pg_get_functiondef(p.oid) AS definition
      FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
      WHERE n.nspname = ${schema} AND p.prokind IN ('f', 'p')
        AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = p.oid AND d.deptype = 'e')
      ORDER BY p.proname, identity`),
  );
  // pg_get_functiondef always names the schema in the header, and only there.
  return rows.map((row) => ({
    ...row,
    definition: row.definition.replace(` FUNCTION ${schema}.`, ' FUNCTION public.'),
  }));
}

async function triggersCalling(db: Database, schema: string): Promise<CatalogTrigger[]> {
  const rows = rowsOf<CatalogTrigger>(
    await db.execute(sql`
      SELECT t.tgname AS name, c.relname AS table, p.proname AS function,
        pg_get_triggerdef(t.oid) AS definition
      FROM pg_trigger t
        JOIN pg_class c ON c.oid = t.tgrelid
        JOIN pg_proc p ON p.oid = t.tgfoid
        JOIN pg_namespace n ON n.oid = p.pronamespace
      WHERE n.nspname = ${schema} AND NOT t.tgisinternal
      ORDER BY p.proname, c.relname, t.tgname`),
  );
  // The function is named with or without its schema depending on the search path; the table always
  // with its own.
  return rows.map((row) => ({
    ...row,
    definition: row.definition
      .replace(`EXECUTE FUNCTION ${schema}.`, 'EXECUTE FUNCTION ')
      .replace('EXECUTE FUNCTION public.', 'EXECUTE FUNCTION '),
  }));
}

const sameTriggers = (a: CatalogTrigger[], b: CatalogTrigger[]) =>
  JSON.stringify(a.map((t) => t.definition).sort()) === JSON.stringify(b.map((t) => t.definition).sort());

/**
 * Compares the function files with the public schema of `db`. Writes nothing: the files are created in a
 * scratch schema inside a transaction that is rolled back. Throws when a file does not define exactly
 * one function, named as the file, or cannot be created.
 */
export async function checkFunctionFiles(
  db: Database,
  files: FunctionFile[] = readFunctionFiles(),
): Promise<FunctionCheck> {
  let outcome: FunctionCheck | undefined;
  try {
    await db.transaction(async (tx) => {
      const database = {
        functions: await functionsIn(tx as unknown as Database, 'public'),
        triggers: await triggersCalling(tx as unknown as Database, 'public'),
      };
      await tx.execute(sql.raw(`CREATE SCHEMA ${SCRATCH}`));
      // Unqualified names in the files create in the scratch schema and resolve tables in public.
      await tx.execute(sql.raw(`SET LOCAL search_path TO ${SCRATCH}, public`));
      const checks: FileCheck[] = [];
      let seen = 0;
      for (const file of files) {
        for (const statement of statementsOf(file.text)) {
          try {
            await tx.execute(sql.raw(statement));
          } catch (error) {
            throw new Error(`server/db/functions/${file.name}.sql: ${(error as Error).message}`, {
              cause: error,
            });
          }
        }
        const created = await functionsIn(tx as unknown as Database, SCRATCH);
        const mine = created.filter((fn) => fn.name === file.name);
        if (created.length !== seen + 1 || mine.length !== 1) {
          throw new Error(
            `server/db/functions/${file.name}.sql must define exactly one function, named ${file.name}`,
          );
        }
        seen = created.length;
        const fn = mine[0]!;
        const triggers = (await triggersCalling(tx as unknown as Database, SCRATCH)).filter(
          (t) => t.function === file.name,
        );
        const live = database.functions.filter((f) => f.name === file.name);
        const liveTriggers = database.triggers.filter((t) => t.function === file.name);
        let status: FileCheck['status'] = 'changed';
        if (live.length === 0) status = 'new';
        else if (live.some((f) => f.definition === fn.definition) && sameTriggers(triggers, liveTriggers)) {
          status = 'same';
        }
        checks.push({ name: file.name, status, function: fn, triggers });
      }
      const strays = database.functions.filter(
        (f) => !checks.some((c) => c.name === f.name && c.function.identity === f.identity),
      );
      outcome = { files: checks, strays, database };
      throw new Rollback();
    });
  } catch (error) {
    if (!(error instanceof Rollback)) throw error;
  }
  return outcome!;
}

/**
 * The statements that bring the database of `check` to the files: for each file that differs, its
 * statements, after dropping what CREATE OR REPLACE cannot change (an overload of another signature, a
 * changed result or argument name, a trigger the file no longer names); functions no file defines are
 * dropped. Empty when the database already matches.
 */
export function migrationStatements(check: FunctionCheck, files: FunctionFile[]): string[] {
  const drops: string[] = [];
  const creates: string[] = [];
  const dropTrigger = (t: CatalogTrigger) => `DROP TRIGGER IF EXISTS ${t.name} ON ${t.table};`;
  const dropFunction = (f: CatalogFunction) => `DROP FUNCTION IF EXISTS ${f.name}(${f.identity});`;
  for (const file of check.files) {
    if (file.status === 'same') continue;
    const live = check.database.functions.filter((f) => f.name === file.name);
    for (const f of live) {
      if (f.identity === file.function.identity && f.signature === file.function.signature) continue;
      if (f.identity === file.function.identity) drops.push(dropFunction(f));
      // Other overloads are strays, dropped below.
    }
    for (const t of check.database.triggers) {
      if (t.function === file.name && !file.triggers.some((m) => m.name === t.name && m.table === t.table)) {
        drops.push(dropTrigger(t));
      }
    }
    creates.push(...statementsOf(files.find((f) => f.name === file.name)!.text));
  }
  for (const stray of check.strays) {
    for (const t of check.database.triggers) {
      if (t.function === stray.name && !check.files.some((f) => f.name === stray.name)) {
        drops.push(dropTrigger(t));
      }
    }
    drops.push(dropFunction(stray));
  }
  return [...new Set(drops), ...creates];
}
