import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, brands, operators } from '../../server/db/schema';
import { createTestContext, databaseKinds, newOperator, type TestContext } from './harness';

describe.each(databaseKinds)('operators, roles and sessions in the back office on %s', (kind) => {
  let ctx: TestContext;
  let admin: Awaited<ReturnType<typeof newOperator>>;
  let seq = 0;
  const name = () => `staff${String(process.pid % 1000).padStart(3, '0')}${++seq}`;

  beforeAll(async () => {
    ctx = await createTestContext(kind, { env: { OPERATOR_TWO_FACTOR: 'optional' } });
    admin = await newOperator(ctx, 'admin');
    // The operator made by the test belongs to the brand, as one made in the console does.
    const [brand] = await ctx.handle.db.select().from(brands).limit(1);
    await ctx.handle.db.update(operators).set({ brandId: brand!.id }).where(eq(operators.id, admin.id));
  });
  afterAll(() => ctx?.close());

  const login = (username: string, password: string) =>
    ctx.call('operatorLogin', { body: { username, password }, ip: '10.92.0.1' });

  it('adds an operator whose password is answered once, and who logs in with the role given', async () => {
    const username = name();
    const made = await ctx.call('createOperator', {
      token: admin.token,
      body: { username, role: 'support', reason: 'New support hire' },
    });
    expect(made.code).toBe('OK');
    expect(made.value.operator).toMatchObject({
      username,
      role: 'support',
      status: 'active',
      twoFactor: false,
    });
    const session = await login(username, made.value.password);
    expect(session.code).toBe('OK');
    expect(session.value.operator.permissions).toContain('members.read');
    const listed = await ctx.call('adminOperators', { token: admin.token });
    expect(listed.value.find((o) => o.username === username)).toMatchObject({ activeSessions: 1 });
    // The audit row says who, what and why, never the password.
    const [row] = await ctx.handle.db.select().from(auditLog).where(eq(auditLog.target, username));
    expect(row).toMatchObject({ action: 'operator_create', operatorId: admin.id });
    expect(row!.detail).toMatchObject({ reason: 'New support hire', after: { role: 'support' } });
    expect(JSON.stringify(row!.detail)).not.toContain(made.value.password);
    expect(
      (
        await ctx.call('createOperator', {
          token: admin.token,
          body: { username, role: 'support', reason: 'again' },
        })
      ).code,
    ).toBe('OPERATOR_USERNAME_TAKEN');
    expect(
      (
        await ctx.call('createOperator', {
          token: admin.token,
          body: { username: name(), role: 'nobody', reason: 'x y z' },
        })
      ).code,
    ).toBe('ROLE_NOT_FOUND');
  });

  it('a role change or a disable ends the operator’s sessions at once, with before and after in the trail', async () => {
    const username = name();
    const made = await ctx.call('createOperator', {
      token: admin.token,
      body: { username, role: 'support', reason: 'hire' },
    });
    const session = (await login(username, made.value.password)).value.token;
    expect((await ctx.call('operatorMe', { token: session })).code).toBe('OK');
    const changed = await ctx.call('setOperatorRole', {
      token: admin.token,
      body: { username, role: 'content', reason: 'Moved to content' },
    });
    expect(changed.value.role).toBe('content');
    expect((await ctx.call('operatorMe', { token: session })).code).toBe('SESSION_EXPIRED');
    const [row] = await ctx.handle.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'operator_role'))
      .orderBy(auditLog.id);
    expect(row!.detail).toMatchObject({
      before: { role: 'support' },
      after: { role: 'content' },
      reason: 'Moved to content',
    });

    const again = (await login(username, made.value.password)).value.token;
    await ctx.call('setOperatorStatus', {
      token: admin.token,
      body: { username, status: 'disabled', reason: 'Left' },
    });
    expect((await ctx.call('operatorMe', { token: again })).code).toBe('SESSION_EXPIRED');
    expect((await login(username, made.value.password)).code).toBe('INVALID_CREDENTIALS');
  });

  it('nobody changes themselves, the last admin stays, and installation-wide operators are left alone', async () => {
    const me = (await ctx.call('operatorMe', { token: admin.token })).value.username;
    expect(
      (
        await ctx.call('setOperatorStatus', {
          token: admin.token,
          body: { username: me, status: 'disabled', reason: 'oops' },
        })
      ).code,
    ).toBe('OPERATOR_SELF');
    const global = await newOperator(ctx, 'support');
    expect(
      (
        await ctx.call('setOperatorRole', {
          token: admin.token,
          body: { username: global.username, role: 'admin', reason: 'x y z' },
        })
      ).code,
    ).toBe('OPERATOR_INSTALLATION_WIDE');
    // A second brand admin demoting the first: allowed while another active admin remains.
    const other = name();
    const made = await ctx.call('createOperator', {
      token: admin.token,
      body: { username: other, role: 'admin', reason: 'co-admin' },
    });
    const otherToken = (await login(other, made.value.password)).value.token;
    const demoted = await ctx.call('setOperatorRole', {
      token: otherToken,
      body: { username: me, role: 'finance', reason: 'swap' },
    });
    // The installation-wide demo admin still counts, so the brand keeps an active admin.
    expect(demoted.code).toBe('OK');
    // Demoted, the admin's session ended with it; given the role back, they log in again.
    expect((await ctx.call('operatorMe', { token: admin.token })).code).toBe('SESSION_EXPIRED');
    await ctx.handle.db.update(operators).set({ role: 'admin' }).where(eq(operators.username, me));
    admin = { ...admin, token: (await login(admin.username, admin.password)).value.token };
  });

  it('resets a password (answered once) or two-step verification', async () => {
    const username = name();
    const made = await ctx.call('createOperator', {
      token: admin.token,
      body: { username, role: 'support', reason: 'hire' },
    });
    const reset = await ctx.call('resetOperator', {
      token: admin.token,
      body: { username, what: 'password', reason: 'Forgot it' },
    });
    expect(reset.value.password).toMatch(/^[\w-]{16}$/);
    expect((await login(username, made.value.password)).code).toBe('INVALID_CREDENTIALS');
    expect((await login(username, reset.value.password!)).code).toBe('OK');
    await ctx.handle.db.update(operators).set({ totpSecret: 'x' }).where(eq(operators.username, username));
    const twoFactor = await ctx.call('resetOperator', {
      token: admin.token,
      body: { username, what: 'two-factor', reason: 'Lost phone' },
    });
    expect(twoFactor.value.password).toBeNull();
    const [row] = await ctx.handle.db.select().from(operators).where(eq(operators.username, username));
    expect(row!.totpSecret).toBeNull();
  });

  it('lists live sessions and ends one', async () => {
    const username = name();
    const made = await ctx.call('createOperator', {
      token: admin.token,
      body: { username, role: 'support', reason: 'hire' },
    });
    const token = (await login(username, made.value.password)).value.token;
    const sessions = await ctx.call('operatorSessions', { token: admin.token, query: { username } });
    expect(sessions.value).toHaveLength(1);
    expect(sessions.value[0]!.current).toBe(false);
    const mine = await ctx.call('operatorSessions', { token: admin.token });
    expect(mine.value.some((s) => s.current)).toBe(true);
    expect(
      (
        await ctx.call('revokeOperatorSession', {
          token: admin.token,
          body: { id: sessions.value[0]!.id, reason: 'Suspicious' },
        })
      ).code,
    ).toBe('OK');
    expect((await ctx.call('operatorMe', { token })).code).toBe('SESSION_EXPIRED');
    expect(
      (
        await ctx.call('revokeOperatorSession', {
          token: admin.token,
          body: { id: sessions.value[0]!.id, reason: 'Again' },
        })
      ).code,
    ).toBe('OPERATOR_SESSION_NOT_FOUND');
  });

  it('custom roles: made, given, refused while held, removed', async () => {
    const saved = await ctx.call('saveOperatorRole', {
      token: admin.token,
      body: {
        code: 'auditors',
        name: 'Auditores',
        permissions: ['audit.read', 'reports.read'],
        reason: 'External audit',
      },
    });
    expect(saved.value.find((r) => r.code === 'auditors')).toMatchObject({ builtIn: false, operators: 0 });
    expect(
      (
        await ctx.call('saveOperatorRole', {
          token: admin.token,
          body: { code: 'admin', name: 'Admin 2', permissions: [], reason: 'x y z' },
        })
      ).code,
    ).toBe('ROLE_BUILT_IN');
    const username = name();
    const made = await ctx.call('createOperator', {
      token: admin.token,
      body: { username, role: 'auditors', reason: 'hire' },
    });
    const token = (await login(username, made.value.password)).value.token;
    expect((await ctx.call('auditSearch', { token, query: { limit: 5 } } as never)).code).toBe('OK');
    expect((await ctx.call('adminOperators', { token })).code).toBe('ROLE_FORBIDDEN');
    expect(
      (
        await ctx.call('deleteOperatorRole', {
          token: admin.token,
          body: { code: 'auditors', reason: 'done' },
        })
      ).code,
    ).toBe('ROLE_IN_USE');
    await ctx.call('setOperatorRole', {
      token: admin.token,
      body: { username, role: 'support', reason: 'done' },
    });
    const gone = await ctx.call('deleteOperatorRole', {
      token: admin.token,
      body: { code: 'auditors', reason: 'done' },
    });
    expect(gone.value.some((r) => r.code === 'auditors')).toBe(false);
  });

  it('searches the audit trail by operator, action, target and period', async () => {
    const me = (await ctx.call('operatorMe', { token: admin.token })).value.username;
    const byAction = await ctx.call('auditSearch', {
      token: admin.token,
      query: { action: 'operator_create', operator: me, limit: 100 },
    } as never);
    expect(byAction.value.length).toBeGreaterThan(2);
    expect(byAction.value.every((e) => e.action === 'operator_create' && e.operator === me)).toBe(true);
    const page = await ctx.call('auditSearch', { token: admin.token, query: { limit: 2 } } as never);
    const next = await ctx.call('auditSearch', {
      token: admin.token,
      query: { limit: 2, before: page.value[1]!.id },
    } as never);
    expect(next.value[0]!.id).toBeLessThan(page.value[1]!.id);
    const future = await ctx.call('auditSearch', {
      token: admin.token,
      query: { from: Date.now() + 3_600_000, limit: 10 },
    } as never);
    expect(future.value).toEqual([]);
  });
});
