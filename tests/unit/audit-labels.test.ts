import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import en from '../../locales/en/translation.json';
import pt from '../../locales/pt/translation.json';

/** Every server source file, read once. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.tables.ts')
      ? [readFileSync(path, 'utf8')]
      : [];
  });
}

/**
 * The audit trail shows each action by its label in the operator's language: an action written by the
 * server without one would show as its code. Every quoted action name in an `action:` of the server's
 * modules (both branches of a conditional included) has a label in PT and EN.
 */
describe('audit trail labels', () => {
  const code = sources(join(__dirname, '../../server/modules')).join('\n');
  const actions = new Set<string>();
  for (const [, expression] of code.matchAll(/\baction:\s*([^,\n]+)/g)) {
    // A type (`action: 'accept' | 'reject'`) names no audit action.
    if (/' \| '/.test(expression!)) continue;
    // The operands of a comparison (`body.status === 'disabled' ? ...`) are not actions either.
    const written = expression!.replace(/===\s*'[^']*'/g, '');
    for (const [, name] of written.matchAll(/'([a-z][a-z0-9_]+)'/g)) actions.add(name!);
  }

  it('finds the actions the server writes', () => {
    expect(actions).toContain('member_lock');
    expect(actions).toContain('withdrawal_hold_lift');
  });

  it('has a label for each in both languages', () => {
    const missing = [...actions].filter(
      (a) => !(a in pt.backoffice.audit_actions) || !(a in en.backoffice.audit_actions),
    );
    expect(missing).toEqual([]);
  });
});
