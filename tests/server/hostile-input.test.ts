import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  connectVendor,
  createTestContext,
  databaseKinds,
  fund,
  newAgent,
  newMember,
  newOperator,
  type TestContext,
} from './harness';

/**
 * Issue 10, "tests that must exist": every route of the OpenAPI document, sent malformed and hostile
 * values in its query and body (NUL bytes, lone surrogates, huge numbers and strings, wrong types,
 * arrays for objects, extra fields, deep nesting, a body of only its required fields), anonymously and
 * with a valid token of every role it accepts, never answers 5xx. The whole corpus goes with one identity
 * per route (an agent, an admin, a vendor's signature, nobody); every other role (an ordinary member;
 * finance and support operators) and nobody get a smaller pass. A fixed corpus per field, then random
 * combinations from fast-check with a fixed seed, so a failure names its route and value and comes back
 * on the next run. Issue 26: every route that needs a credential is also sent once without it (a vendor
 * call without its signature) and must refuse it.
 *
 * Left out: the member event socket (GET /api/ws), which is not an HTTP route (member-events.test.ts
 * sends it hostile messages); the documentation pages themselves (static files of swagger-ui).
 */

interface Schema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  properties?: Record<string, Schema>;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  required?: string[];
}

interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  query: Record<string, Schema>;
  body: Schema | null;
  /** Who the route expects: nobody, a member, an operator, or a game vendor's signature. */
  identity: 'none' | 'member' | 'operator' | 'vendor';
}

/**
 * 5xx answers another piece of work fixes, left out so the rest of the corpus still runs: a mines game
 * started with the request id of an earlier dice bet answers that bet (a replay) and fails its own answer's
 * schema.
 */
const KNOWN_5XX: RegExp[] = [];

/** Strings a typical pattern of the contract accepts (payment passwords, codes, phone numbers...). */
const PATTERN_SAMPLES = ['246810', 'abcd1234', 'Abcd-1234', '11987654321', '55', 'demo@aurora.example'];

/**
 * Who sends a request: nobody, a member (an agent with money and a downline, or an ordinary member), an
 * operator of each role, a game vendor's signed call, or a vendor's call that names it but is unsigned.
 */
type As = 'none' | 'agent' | 'member' | 'admin' | 'finance' | 'support' | 'vendor' | 'unsigned';
type Token = Exclude<As, 'none' | 'vendor' | 'unsigned'>;

/**
 * Who sends a route's requests: first the identity the whole corpus goes with, then every other role the
 * route accepts and nobody, with a smaller pass each.
 */
function identities(route: Route): As[] {
  switch (route.identity) {
    case 'none':
      return ['none', 'agent', 'member'];
    case 'member':
      return ['agent', 'member', 'none'];
    case 'operator':
      return ['admin', 'finance', 'support', 'none'];
    case 'vendor':
      return ['vendor', 'none'];
  }
}

/**
 * How much of the corpus an identity sends: all of it (the route's first identity), the accepted request
 * and a few hostile values (every other role the route accepts), or only enough to show the route turns
 * strangers away before reading anything (nobody, on a route that needs someone).
 */
const PASSES = {
  full: {
    accepted: true,
    queries: Infinity,
    queryValues: Infinity,
    repeated: true,
    bodies: Infinity,
    fields: Infinity,
    fieldValues: Infinity,
  },
  role: { accepted: true, queries: 1, queryValues: 1, repeated: false, bodies: 0, fields: 1, fieldValues: 1 },
  stranger: {
    accepted: false,
    queries: 1,
    queryValues: 3,
    repeated: true,
    bodies: 3,
    fields: 1,
    fieldValues: 2,
  },
};

/** A value the schema accepts, so that one hostile field at a time gets past the others. */
function plausible(schema: Schema | undefined): unknown {
  if (!schema) return 'abcd1234';
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return plausible(alternatives.find((a) => a.type !== 'null') ?? alternatives[0]);
  if (schema.allOf) return plausible(schema.allOf[0]);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, v]) => [k, plausible(v)]));
    case 'array':
      return [];
    case 'boolean':
      return true;
    case 'integer':
    case 'number':
      return Math.min(Math.max(1_000, schema.minimum ?? 1), schema.maximum ?? 1_000);
    default: {
      if (schema.pattern) {
        const pattern = new RegExp(schema.pattern);
        const sample = PATTERN_SAMPLES.find((s) => pattern.test(s));
        if (sample) return sample;
      }
      if (schema.format === 'email') return 'demo@aurora.example';
      const length = Math.min(Math.max(schema.minLength ?? 1, 8), schema.maxLength ?? 8);
      return 'abcd1234efgh5678'.repeat(8).slice(0, length);
    }
  }
}

/** Only the fields the schema requires, with accepted values: what an update that changes nothing sends. */
function required(schema: Schema): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(schema.properties ?? {})
      .filter(([name]) => schema.required?.includes(name))
      .map(([name, field]) => [name, plausible(field)]),
  );
}

/** A number written as JSON text, exactly (2^53 + 1 does not survive a JS number). */
const raw = (text: string) => ({ raw: text });
type Hostile = unknown | { raw: string };
const nested = (depth: number): unknown => {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
};

/** One field at a time: what a text field, a number field or any other field is sent. */
const TEXT_VALUES: Array<[string, Hostile]> = [
  ['NUL', 'a\u0000b'],
  ['lone high surrogate', 'abc\ud800'],
  ['lone low surrogate', '\udc00abc'],
  ['100 KB string', 'x'.repeat(100_000)],
  ['numeric string', '9007199254740993'],
  ['int32+1 string', '2147483648'],
  ['empty', ''],
  ['quote', "' OR '1'='1"],
];
const NUMBER_VALUES: Array<[string, Hostile]> = [
  ['1e300', 1e300],
  ['1e400', raw('1e400')],
  ['2^53+1', raw('9007199254740993')],
  ['-1e20', -1e20],
  ['int32+1', 2 ** 31],
  ['fraction', 0.5],
  ['-0', raw('-0')],
];
const WRONG_TYPES: Array<[string, Hostile]> = [
  ['null', null],
  ['boolean', false],
  ['array', ['a', 1, null]],
  ['object', { nested: 'x\u0000' }],
  ['deep', nested(64)],
];
const EXTRA_VALUES: Array<[string, Hostile]> = [
  ['NUL', 'a\u0000b'],
  ['lone high surrogate', 'abc\ud800'],
  ['100 KB string', 'x'.repeat(100_000)],
  ['2^53+1', raw('9007199254740993')],
  ['deep', nested(64)],
];
const FIELD_VALUES = [...TEXT_VALUES, ...NUMBER_VALUES, ...WRONG_TYPES];

/** The values worth sending to a field of this schema (its own type's extremes and every other type). */
function valuesFor(schema: Schema | undefined): Array<[string, Hostile]> {
  if (!schema) return EXTRA_VALUES;
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  if (type === 'string' || (schema.enum && typeof schema.enum[0] === 'string')) {
    return [...TEXT_VALUES, ['1e300', 1e300], ...WRONG_TYPES];
  }
  if (type === 'integer' || type === 'number') return [...NUMBER_VALUES, ['NUL', 'a\u0000b'], ...WRONG_TYPES];
  return [['NUL', 'a\u0000b'], ['lone high surrogate', 'abc\ud800'], ['1e300', 1e300], ...WRONG_TYPES];
}

/** Whole bodies, as JSON text. */
const BODIES: Array<[string, string]> = [
  ['array', '[]'],
  ['array of objects', '[{"a":1},{"b":"\\u0000"}]'],
  ['string', '"text"'],
  ['number', '1e300'],
  ['null', 'null'],
  ['empty object', '{}'],
  ['truncated', '{"a":'],
  ['trailing comma', '{"a":1,}'],
  ['deep arrays', `${'['.repeat(5_000)}${']'.repeat(5_000)}`],
  ['deep objects', JSON.stringify(nested(3_000))],
  ['long array', `[${'1,'.repeat(50_000)}1]`],
  ['prototype', '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}'],
  ['NUL key', '{"\\u0000":1}'],
  ['lone surrogate key', '{"\\ud800":1}'],
  ['bad escape', '{"a":"\\ud800\\u0000\\uffff"}'],
];

/** Query values, as written in the address (already percent-encoded where they must be). */
const QUERY_VALUES: Array<[string, string]> = [
  ['NUL', 'a%00b'],
  ['lone surrogate (WTF-8)', '%ED%A0%80'],
  ['broken escape', '%E0%A4%A'],
  ['percent', '%'],
  ['1e300', '1e300'],
  ['2^53+1', '9007199254740993'],
  ['-1e20', '-1e20'],
  ['int32+1', '2147483648'],
  ['date past 9999', '253402300800000'],
  ['fraction', '0.5'],
  ['NaN', 'NaN'],
  ['empty', ''],
  ['long', 'x'.repeat(20_000)],
  ['object syntax', '%5Bobject%20Object%5D'],
];

/** JSON text of `value` with raw numbers written as given. */
function jsonText(value: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_key, v) => {
    if (v && typeof v === 'object' && 'raw' in v && typeof (v as { raw: unknown }).raw === 'string') {
      raws.push((v as { raw: string }).raw);
      return `__raw_${raws.length - 1}__`;
    }
    return v;
  });
  return text.replace(/"__raw_(\d+)__"/g, (_m, i: string) => raws[Number(i)]!);
}

describe.each(databaseKinds)('hostile input on every route on %s', (kind) => {
  let ctx: TestContext;
  let routes: Route[];
  const tokens: Record<Token, string> = { agent: '', member: '', admin: '', finance: '', support: '' };
  let vendorSecret: string;
  // An external demo vendor: the in-house codes (BGS, the lotteries) cannot be connected.
  const vendor = 'NOVA';

  beforeAll(async () => {
    ctx = await createTestContext(kind);
    vendorSecret = await connectVendor(ctx, vendor);
    // An agent with money: the member routes get furthest with it (downline, transfers, withdrawals).
    const agent = await newAgent(ctx, { downline: 1 });
    await fund(ctx, agent, 100_000);
    tokens.agent = agent.token;
    // An ordinary member (no downline), with money too.
    const member = await newMember(ctx, { prefix: 'plain' });
    await fund(ctx, member, 100_000);
    tokens.member = member.token;
    for (const role of ['admin', 'finance', 'support'] as const)
      tokens[role] = (await newOperator(ctx, role)).token;
    expect(Object.values(tokens).every(Boolean)).toBe(true);

    // The OpenAPI document lists every route, which this test then drives with raw hostile requests.
    const doc = (await ctx.app.inject({ url: '/api/docs/json' })).json() as {
      paths: Record<
        string,
        Record<
          string,
          {
            parameters?: Array<{ in: string; name: string; schema: Schema }>;
            requestBody?: { content: Record<string, { schema: Schema }> };
            security?: unknown[];
          }
        >
      >;
    };
    routes = Object.entries(doc.paths).flatMap(([path, operations]) =>
      Object.entries(operations).map(([method, op]) => ({
        method: method.toUpperCase() as Route['method'],
        path,
        query: Object.fromEntries(
          (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => [p.name, p.schema]),
        ),
        body: op.requestBody?.content['application/json']?.schema ?? null,
        identity: path.startsWith('/api/vendor/wallet/')
          ? 'vendor'
          : !op.security
            ? 'none'
            : path.startsWith('/api/backoffice/')
              ? 'operator'
              : 'member',
      })),
    );
    // Routes the document leaves out (hide: true): the drawn artwork and the demo gateway's page.
    routes.push(
      { method: 'GET', path: '/art/{kind}/{name}', query: {}, body: null, identity: 'none' },
      {
        method: 'GET',
        path: '/pay/sim/{reference}',
        query: { t: { type: 'string' } },
        body: null,
        identity: 'none',
      },
      {
        method: 'POST',
        path: '/pay/sim/{reference}',
        query: {},
        body: { type: 'object', properties: { t: { type: 'string' }, decision: { type: 'string' } } },
        identity: 'none',
      },
    );
    // Ending the session would leave the rest without one: those go last.
    routes.sort((a, b) => Number(a.path.includes('logout')) - Number(b.path.includes('logout')));
  });
  afterAll(() => ctx.close());

  let address = 0;
  const failures: string[] = [];
  let sent = 0;
  /** The 5xx answers found since `from` (each test checks its own). */
  const failuresSince = (from: number) =>
    failures.slice(from).filter((f) => !KNOWN_5XX.some((k) => k.test(f)));

  /** One request; a 5xx is recorded with what caused it. */
  async function send(
    route: Route,
    options: {
      as: As;
      query?: string;
      payload?: string;
      label: string;
    },
  ) {
    const url = route.path.replace(/\{(\w+)\}/g, (_m, name: string) =>
      name === 'kind' ? 'game' : name === 'name' ? 'RNG-x.svg' : 'D2345ABCDE',
    );
    const headers: Record<string, string> = { 'accept-language': 'en' };
    if (options.as in tokens) headers.authorization = `Bearer ${tokens[options.as as Token]}`;
    const withBody = options.payload !== undefined && route.method !== 'GET';
    if (withBody) headers['content-type'] = 'application/json';
    if (options.as === 'vendor' || options.as === 'unsigned') headers['x-vendor-code'] = vendor;
    if (options.as === 'vendor') {
      headers['x-signature'] = createHmac('sha256', vendorSecret)
        .update(options.payload ?? '')
        .digest('hex');
    }
    sent++;
    const res = await ctx.app.inject({
      method: route.method,
      url: options.query ? `${url}?${options.query}` : url,
      // Every request from its own address: no per-address limit hides a handler behind a 429.
      remoteAddress: `10.${100 + (Math.floor(++address / 62_500) % 100)}.${Math.floor(address / 250) % 250}.${(address % 250) + 1}`,
      headers,
      ...(withBody ? { payload: options.payload } : {}),
    });
    if (res.statusCode >= 500) {
      failures.push(
        `${route.method} ${route.path} as ${options.as} [${options.label}] -> ${res.statusCode} ${res.body.slice(0, 200)}`,
      );
    }
    return res;
  }

  it('answers no hostile value in any field with a 5xx', async () => {
    const from = failures.length;
    for (const route of routes) {
      const base = route.body ? (plausible(route.body) as Record<string, unknown>) : null;
      const queryBase = Object.fromEntries(
        Object.entries(route.query).map(([name, schema]) => [name, String(plausible(schema))]),
      );
      const queryText = (over: Record<string, string>) =>
        Object.entries({ ...queryBase, ...over })
          .map(([k, v]) => `${encodeURIComponent(k)}=${v}`)
          .join('&');
      for (const as of identities(route)) {
        const pass = PASSES[as === identities(route)[0] ? 'full' : as === 'none' ? 'stranger' : 'role'];
        if (pass.accepted) {
          await send(route, {
            as,
            query: queryText({}),
            ...(base ? { payload: jsonText(base) } : {}),
            label: 'accepted values',
          });
        }
        // The declared parameters get every value; every route also reads `lang` and may read `id`.
        const queries: Array<[string, Array<[string, string]>]> = [
          ...Object.keys(route.query).map((name): [string, Array<[string, string]>] => [name, QUERY_VALUES]),
          ['lang', QUERY_VALUES.slice(0, 4)],
          ['id', QUERY_VALUES.slice(4, 9)],
        ];
        for (const [field, values] of queries.slice(0, pass.queries)) {
          for (const [label, value] of values.slice(0, pass.queryValues)) {
            await send(route, {
              as,
              query: queryText({ [field]: value }),
              // A body only where the route reads its query too: the body is checked first.
              ...(base && Object.keys(route.query).length > 0 ? { payload: jsonText(base) } : {}),
              label: `query.${field} = ${label}`,
            });
          }
        }
        // Repeated and bracketed keys: arrays and objects where a scalar is expected.
        for (const field of pass.repeated ? Object.keys(route.query) : []) {
          await send(route, {
            as,
            query: `${queryText({})}&${field}=1&${field}=2`,
            label: `query.${field} twice`,
          });
          await send(route, { as, query: `${field}[a]=1&${field}[b]=%00`, label: `query.${field}[]` });
        }
        if (route.method === 'GET') continue;
        // Only the required fields, then with a field the contract does not know: nothing to change.
        if (pass.accepted && route.body?.properties) {
          const minimal = required(route.body);
          await send(route, {
            as,
            query: queryText({}),
            payload: jsonText(minimal),
            label: 'required fields only',
          });
          await send(route, {
            as,
            query: queryText({}),
            payload: jsonText({ ...minimal, extraField: 'x' }),
            label: 'required fields and an unknown one',
          });
        }
        for (const [label, text] of BODIES.slice(0, pass.bodies)) {
          await send(route, { as, query: queryText({}), payload: text, label: `body = ${label}` });
        }
        const properties: Array<[string, Schema | undefined]> = [
          ...Object.entries(route.body?.properties ?? {}),
          ['extraField', undefined],
        ];
        for (const [field, schema] of properties.slice(0, pass.fields)) {
          for (const [label, value] of valuesFor(schema).slice(0, pass.fieldValues)) {
            await send(route, {
              as,
              query: queryText({}),
              payload: jsonText({ ...(base ?? {}), [field]: value }),
              label: `body.${field} = ${label}`,
            });
          }
        }
      }
    }
    expect(failuresSince(from)).toEqual([]);
    // About 12,000 requests per database, most with each route's first identity and nobody; the other
    // roles (an ordinary member, finance, support) add about a thousand.
    expect(sent).toBeGreaterThan(10_000);
  }, 900_000);

  it('answers no random mix of hostile and valid values with a 5xx (fast-check, fixed seed)', async () => {
    const hostile = fc.oneof(
      fc.constantFrom(...FIELD_VALUES.map(([, v]) => v)),
      fc.string({ unit: 'binary', maxLength: 40 }),
      fc.string({ unit: fc.constantFrom('\u0000', '\ud800', '\udc00', 'a', '\u{1F600}'), maxLength: 8 }),
      fc.oneof(
        fc.double(),
        fc.integer(),
        fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map((n) => raw(String(n))),
      ),
      fc.jsonValue({ maxDepth: 4 }),
    );
    const from = failures.length;
    const bodyRoutes = routes.filter((r) => r.method !== 'GET');
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...bodyRoutes),
        fc.dictionary(fc.string({ maxLength: 12 }), hostile, { maxKeys: 4 }),
        fc.boolean(),
        async (route, overrides, keepBase) => {
          const base = route.body ? (plausible(route.body) as Record<string, unknown>) : {};
          // Hostile values under the route's own field names, some kept valid, plus random names.
          const names = Object.keys(base);
          const mixed: Record<string, unknown> = keepBase ? { ...base } : {};
          Object.entries(overrides).forEach(([key, value], i) => {
            mixed[names.length > 0 && i % 2 === 0 ? names[key.length % names.length]! : key] = value;
          });
          const before = failures.length;
          await send(route, {
            as: identities(route)[0]!,
            payload: jsonText(mixed),
            label: `random ${jsonText(mixed).slice(0, 120)}`,
          });
          return failuresSince(before).length === 0;
        },
      ),
      { seed: 20_261_123, numRuns: 400 },
    );
    expect(failuresSince(from)).toEqual([]);
  }, 300_000);

  it('refuses every route that needs a credential when it comes without one, and a vendor call without its signature', async () => {
    const from = failures.length;
    const accepted: string[] = [];
    const guarded = routes.filter((r) => r.identity !== 'none');
    for (const route of guarded) {
      const query = Object.entries(route.query)
        .map(
          ([name, schema]) => `${encodeURIComponent(name)}=${encodeURIComponent(String(plausible(schema)))}`,
        )
        .join('&');
      // The request its caller would send, with accepted values: only the credential is missing.
      const res = await send(route, {
        as: route.identity === 'vendor' ? 'unsigned' : 'none',
        query,
        ...(route.body ? { payload: jsonText(plausible(route.body)) } : {}),
        label: 'no credential',
      });
      // An answer that is not the envelope (a CSV export, a page) was not refused either.
      const code = res.headers['content-type']?.toString().startsWith('application/json')
        ? (res.json() as { code?: string }).code
        : undefined;
      const refused =
        route.identity === 'vendor'
          ? res.statusCode === 401 && code === 'BAD_SIGNATURE'
          : res.statusCode === 401 || res.statusCode === 403;
      if (!refused) accepted.push(`${route.method} ${route.path} -> ${res.statusCode} ${code}`);
    }
    expect(accepted).toEqual([]);
    expect(failuresSince(from)).toEqual([]);
    expect(guarded.filter((r) => r.identity === 'vendor')).toHaveLength(5);
    expect(guarded.length).toBeGreaterThan(100);
  });
});
