import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brands, operatorRoles } from '../../server/db/schema';
import { BUILT_IN_ROLE_CODES, BUILT_IN_ROLES, type Permission } from '../../src/api/contract/permissions';
import { paths } from '../../src/api/paths';
import { createTestContext, databaseKinds, newOperator, type TestContext } from './harness';

/** An operator's own session: every operator may end it, see it, and turn on two-step verification. */
const SESSION_ROUTES = new Set(
  [paths.operatorLogout, paths.operatorMe, paths.operatorTwoFactorSetup, paths.operatorTwoFactorEnable].map(
    (p) => `${p.method} ${p.path}`,
  ),
);

describe.each(databaseKinds)('back-office permissions on %s', (kind) => {
  let ctx: TestContext;
  const tokens = new Map<string, string>();

  beforeAll(async () => {
    ctx = await createTestContext(kind);
    for (const role of BUILT_IN_ROLE_CODES) tokens.set(role, (await newOperator(ctx, role)).token);
  });
  afterAll(() => ctx?.close());

  const operatorRoutes = () =>
    ctx.app.routeAccess.filter((r) => r.auth === 'operator' && r.method !== 'HEAD');

  it('every operator route declares the permission it needs, but the operator’s own session', () => {
    const routes = operatorRoutes();
    expect(routes.length).toBeGreaterThan(30);
    const undeclared = routes
      .filter((r) => !r.permission && !SESSION_ROUTES.has(`${r.method} ${r.url}`))
      .map((r) => `${r.method} ${r.url}`);
    expect(undeclared).toEqual([]);
  });

  it('refuses every route to every built-in role without its permission, before reading the request', async () => {
    const refusedSomewhere = new Set<string>();
    for (const role of BUILT_IN_ROLE_CODES) {
      const allowed = BUILT_IN_ROLES[role] as readonly Permission[];
      for (const route of operatorRoutes()) {
        if (!route.permission || allowed.includes(route.permission)) continue;
        const res = await ctx.app.inject({
          method: route.method as 'GET',
          url: route.url.replace(/:(\w+)/g, 'x'),
          headers: { authorization: `Bearer ${tokens.get(role)}` },
        });
        expect({ role, route: `${route.method} ${route.url}`, code: res.json().code }).toEqual({
          role,
          route: `${route.method} ${route.url}`,
          code: 'ROLE_FORBIDDEN',
        });
        refusedSomewhere.add(role);
      }
    }
    // Only the admin holds every permission.
    expect([...refusedSomewhere].sort()).toEqual(['content', 'finance', 'risk', 'support']);
  });

  it('a support operator reads the queues but moves no money and changes no setting', async () => {
    const support = tokens.get('support')!;
    expect((await ctx.call('operatorWithdrawals', { token: support })).code).toBe('OK');
    expect((await ctx.call('adminIdentityProviders', { token: support })).code).toBe('OK');
    const adjust = await ctx.call('adjustBalance', {
      token: support,
      body: {
        username: 'demomember',
        amount: 100,
        reason: 'x',
        category: 'correction',
        requestId: 'r-sup-1',
      },
    });
    expect(adjust.code).toBe('ROLE_FORBIDDEN');
    const setting = await ctx.call('setIdentityProviderEnabled', {
      token: support,
      body: { code: 'aurora-demo', enabled: false },
    });
    expect(setting.code).toBe('ROLE_FORBIDDEN');
  });

  it('a content operator sees no money', async () => {
    const content = tokens.get('content')!;
    for (const name of ['operatorDeposits', 'operatorWithdrawals', 'auditLog', 'adminTree'] as const)
      expect((await ctx.call(name, { token: content } as never)).code).toBe('ROLE_FORBIDDEN');
    const me = await ctx.call('operatorMe', { token: content });
    expect(me.value.permissions).toEqual(['content.manage']);
  });

  it('a custom role of the brand grants exactly its permissions', async () => {
    const [brand] = await ctx.handle.db.select().from(brands).limit(1);
    await ctx.handle.db
      .insert(operatorRoles)
      .values({ brandId: brand!.id, code: 'auditor', name: 'Auditor', permissions: ['audit.read'] });
    const auditor = (await newOperator(ctx, 'auditor')).token;
    expect((await ctx.call('auditLog', { token: auditor })).code).toBe('OK');
    expect((await ctx.call('operatorDeposits', { token: auditor } as never)).code).toBe('ROLE_FORBIDDEN');
    expect((await ctx.call('operatorMe', { token: auditor })).value).toMatchObject({
      role: 'auditor',
      permissions: ['audit.read'],
    });
    // A role nobody defined grants nothing.
    const stray = (await newOperator(ctx, 'no-such-role')).token;
    expect((await ctx.call('auditLog', { token: stray })).code).toBe('ROLE_FORBIDDEN');
  });
});
