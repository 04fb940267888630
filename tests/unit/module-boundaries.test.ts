import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkBoundaries } from '../../scripts/check-boundaries';

/** A throwaway project with two modules, laid out as server/ is. */
function project(files: Record<string, string>) {
  const root = mkdtempSync(path.join(tmpdir(), 'boundaries-'));
  const base: Record<string, string> = {
    'server/db/client.ts': 'export type Database = object;\nexport const openDatabase = () => ({});\n',
    'server/modules/accounts/accounts.tables.ts':
      "import { pgTable, text } from 'drizzle-orm/pg-core';\nexport const members = pgTable('members', { name: text('name') });\n",
    'server/modules/payments/payments.tables.ts':
      "import { pgTable, text } from 'drizzle-orm/pg-core';\nexport const deposits = pgTable('deposits', { id: text('id') });\n",
    'server/db/schema.ts':
      "export * from '../modules/accounts/accounts.tables';\nexport * from '../modules/payments/payments.tables';\n",
  };
  for (const [file, text] of Object.entries({ ...base, ...files })) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  roots.push(root);
  return root;
}
const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

describe('npm run lint: module boundaries', () => {
  it('passes the project as it is', () => {
    expect(checkBoundaries()).toEqual([]);
  });

  it('fails a service that imports a table, drizzle-orm or the database client', () => {
    const root = project({
      'server/modules/payments/payments.service.ts': [
        "import { eq } from 'drizzle-orm';",
        "import { openDatabase } from '../../db/client';",
        "import { deposits } from './payments.tables';",
        'export const x = [eq, openDatabase, deposits];',
      ].join('\n'),
    });
    const problems = checkBoundaries(root);
    expect(problems).toHaveLength(3);
    expect(problems.join('\n')).toMatch(/payments\.service\.ts:3 imports tables/);
    expect(problems.join('\n')).toMatch(/payments\.service\.ts:1 imports drizzle-orm/);
    expect(problems.join('\n')).toMatch(/payments\.service\.ts:2 imports the database client/);
  });

  it("fails a repository that reads another module's tables, by import or in its SQL", () => {
    const root = project({
      'server/modules/payments/payments.repository.ts': [
        "import { sql } from 'drizzle-orm';",
        "import { members } from '../accounts/accounts.tables';",
        'export const q = [members, sql`SELECT 1 FROM deposits d JOIN members m ON m.id = d.member_id`];',
      ].join('\n'),
    });
    const problems = checkBoundaries(root).join('\n');
    expect(problems).toMatch(/imports accounts's tables/);
    expect(problems).toMatch(/names accounts's table members in SQL/);
    expect(problems).not.toMatch(/table deposits/);
  });

  it("fails a module that imports another module's repository, but allows a type-only import", () => {
    const root = project({
      'server/modules/accounts/accounts.repository.ts':
        'export class AccountsRepository {}\nexport type Row = {};\n',
      'server/modules/payments/a.service.ts':
        "import { AccountsRepository } from '../accounts/accounts.repository';\nexport const a = AccountsRepository;\n",
      'server/modules/payments/b.service.ts':
        "import type { Row } from '../accounts/accounts.repository';\nexport type B = Row;\n",
    });
    const problems = checkBoundaries(root);
    expect(problems).toEqual([expect.stringMatching(/a\.service\.ts:1 imports accounts's repository/)]);
  });
});
