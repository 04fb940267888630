/**
 * Module boundaries, checked by `npm run lint` (docs/architecture.md, "Module ownership"):
 *  - SQL lives in repositories: only `*.repository.ts`, `*.tables.ts` and the database layer (`server/db/`)
 *    may import tables, `drizzle-orm` or the database client's values. A type-only import is allowed: it is
 *    erased and cannot reach the database.
 *  - Each module owns its tables: a repository imports only its own module's `*.tables.ts`, and its raw SQL
 *    names only its own module's tables. Another module's data is reached through that module's service.
 *  - Nobody imports another module's repository.
 * Biome's `noRestrictedImports` cannot tell a type-only import from a value import nor read the SQL text,
 * so this is a small script instead.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const projectRoot = path.resolve(import.meta.dirname, '..');

interface ImportRef {
  specifier: string;
  resolved: string | null;
  typeOnly: boolean;
  line: number;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : filesUnder(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

function importsOf(root: string, file: string, text: string): ImportRef[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
  const refs: ImportRef[] = [];
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) && !ts.isExportDeclaration(statement)) continue;
    const spec = statement.moduleSpecifier;
    if (!spec || !ts.isStringLiteral(spec)) continue;
    let typeOnly = false;
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause;
      if (clause?.isTypeOnly) typeOnly = true;
      else if (clause && !clause.name && clause.namedBindings && ts.isNamedImports(clause.namedBindings)) {
        const elements = clause.namedBindings.elements;
        typeOnly = elements.length > 0 && elements.every((e) => e.isTypeOnly);
      }
    } else typeOnly = statement.isTypeOnly;
    const specifier = spec.text;
    const resolved = specifier.startsWith('.')
      ? path.relative(root, path.resolve(path.dirname(file), specifier)).replaceAll(path.sep, '/')
      : null;
    const line = source.getLineAndCharacterOfPosition(statement.getStart(source)).line + 1;
    refs.push({ specifier, resolved, typeOnly, line });
  }
  return refs;
}

/** `server/modules/<area>/…` belongs to <area>; `server/lib/…` is the platform's own small module. */
function moduleOf(relative: string): string | null {
  const match = /^server\/modules\/([^/]+)\//.exec(relative) ?? /^server\/(lib)\//.exec(relative);
  return match ? match[1]! : null;
}

const isRepository = (relative: string) => relative.endsWith('.repository.ts');
const isTables = (relative: string) => relative.endsWith('.tables.ts');
/** Builds every module's repositories and services and wires them together. */
const isCompositionRoot = (relative: string) => relative === 'server/services.ts';
const isDatabaseLayer = (relative: string) => relative.startsWith('server/db/');
const isTablesImport = (resolved: string | null) =>
  !!resolved && (resolved === 'server/db/schema' || resolved.endsWith('.tables'));

/** Which module owns each table, read from `pgTable('name'` in the modules' `*.tables.ts` files. */
function tableOwners(root: string, files: string[]): Map<string, string> {
  const owners = new Map<string, string>();
  for (const file of files) {
    const relative = path.relative(root, file);
    if (!isTables(relative)) continue;
    const owner = moduleOf(relative);
    for (const match of readFileSync(file, 'utf8').matchAll(/pgTable\(\s*'([a-z_]+)'/g)) {
      if (owner) owners.set(match[1]!, owner);
    }
  }
  return owners;
}

/** Table names a file's raw SQL reads or writes. */
function sqlTables(text: string, owners: Map<string, string>): string[] {
  const found = new Set<string>();
  for (const match of text.matchAll(/\b(?:FROM|JOIN|UPDATE|INTO|TABLE)\s+([a-z_]+)\b/g)) {
    if (owners.has(match[1]!)) found.add(match[1]!);
  }
  return [...found];
}

/** Every boundary problem under `root/server`, one line each (none when the modules keep to themselves). */
export function checkBoundaries(root = projectRoot): string[] {
  const files = filesUnder(path.join(root, 'server'));
  const owners = tableOwners(root, files);
  const problems: string[] = [];
  for (const file of files) {
    const relative = path.relative(root, file).replaceAll(path.sep, '/');
    const text = readFileSync(file, 'utf8');
    const mine = moduleOf(relative);
    const mayQuery = isRepository(relative) || isTables(relative) || isDatabaseLayer(relative);
    for (const ref of importsOf(root, file, text)) {
      const where = `${relative}:${ref.line}`;
      if (!ref.typeOnly && !mayQuery) {
        if (isTablesImport(ref.resolved))
          problems.push(`${where} imports tables (${ref.specifier}); only a repository may`);
        if (ref.specifier === 'drizzle-orm' || ref.specifier.startsWith('drizzle-orm/'))
          problems.push(`${where} imports ${ref.specifier}; SQL belongs in a repository`);
        if (ref.resolved === 'server/db/client' && !['server/main.ts'].includes(relative))
          problems.push(`${where} imports the database client; only a repository or server/main.ts may`);
      }
      if (!ref.resolved) continue;
      const theirs = moduleOf(`${ref.resolved}.ts`);
      if (
        isRepository(`${ref.resolved}.ts`) &&
        theirs &&
        mine !== theirs &&
        !ref.typeOnly &&
        !isCompositionRoot(relative)
      )
        problems.push(`${where} imports ${theirs}'s repository; reach another module through its service`);
      if (isRepository(relative) && ref.resolved.endsWith('.tables') && theirs && theirs !== mine)
        problems.push(`${where} imports ${theirs}'s tables; a repository reads only its own module's tables`);
      if (isRepository(relative) && ref.resolved === 'server/db/schema')
        problems.push(`${where} imports server/db/schema; import the module's own *.tables.ts`);
    }
    if (isRepository(relative) && mine) {
      for (const table of sqlTables(text, owners)) {
        if (owners.get(table) !== mine)
          problems.push(`${relative} names ${owners.get(table)}'s table ${table} in SQL; ask its service`);
      }
    }
  }
  return problems;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const problems = checkBoundaries();
  for (const problem of problems) console.error(problem);
  if (problems.length > 0) {
    console.error(
      `\n${problems.length} module boundary problem(s); see docs/architecture.md "Module ownership"`,
    );
    process.exit(1);
  }
  console.log('module boundaries: ok');
}
