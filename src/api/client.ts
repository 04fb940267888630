import ky, { HTTPError, TimeoutError } from 'ky';
import type { z } from 'zod';
import type { PublicKeyInfo } from './contract/sealed';
import type { Endpoints, EndpointValue } from './endpoints';
import type { Envelope } from './envelope';
import { type ErrorCode, isErrorCode } from './errors';
import { LANGUAGE_HEADER } from './languages';
import { paths } from './paths';
import { canSeal, seal } from './seal';

/** A failed call, with the stable code the catalogue maps to a message in the user's language. */
export class ApiError extends Error {
  constructor(
    readonly code: ErrorCode | string,
    message: string,
    readonly status: number,
    readonly value: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type Listener = (error: ApiError) => void;
const listeners = new Set<Listener>();

/** Site-wide reactions to some failures (maintenance, region block, expired session). */
export function onApiError(listener: Listener) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

let requestLanguage: string | null = null;
let authToken_: string | null = null;

/** The session token every call carries once a visitor has logged in. */
export function setAuthToken(token: string | null) {
  authToken_ = token;
}

/** The session token calls carry now (the event socket authenticates with it too). */
export function authToken() {
  return authToken_;
}

/** Every call carries the page's language, so names and messages come back in it. */
export function setRequestLanguage(lang: string) {
  requestLanguage = lang;
}

const http = ky.create({
  // Absolute, so the same client runs in the browser and under test runners without a document base.
  prefixUrl: typeof location === 'undefined' ? '/' : `${location.origin}/`,
  timeout: 20_000,
  retry: { limit: 1, methods: ['get'] },
  hooks: {
    beforeRequest: [
      (request) => {
        if (requestLanguage) request.headers.set(LANGUAGE_HEADER, requestLanguage);
        if (authToken_ && !request.headers.has('Authorization')) {
          request.headers.set('Authorization', `Bearer ${authToken_}`);
        }
      },
    ],
  },
});

type QueryOf<N extends keyof Endpoints> = Endpoints[N] extends { query: z.ZodType }
  ? z.input<Endpoints[N]['query']>
  : never;
type BodyOf<N extends keyof Endpoints> = Endpoints[N] extends { body: z.ZodType }
  ? z.input<Endpoints[N]['body']>
  : never;

function toSearchParams(query: Record<string, unknown> | undefined) {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) {
    if (v === undefined || v === null) continue;
    params.set(k, Array.isArray(v) ? v.join(',') : String(v));
  }
  return params;
}

async function toApiError(error: unknown): Promise<ApiError> {
  if (error instanceof ApiError) return error;
  if (error instanceof TimeoutError) return new ApiError('TIMEOUT', 'timeout', 0);
  if (error instanceof HTTPError) {
    const data = (await error.response.json().catch(() => null)) as {
      code?: unknown;
      message?: unknown;
      value?: unknown;
    } | null;
    const code =
      isErrorCode(data?.code) || typeof data?.code === 'string' ? (data!.code as string) : 'UNKNOWN';
    return new ApiError(
      code,
      typeof data?.message === 'string' ? data.message : '',
      error.response.status,
      data?.value ?? null,
    );
  }
  if (error instanceof TypeError) return new ApiError('NETWORK_ERROR', error.message, 0);
  return new ApiError('UNKNOWN', error instanceof Error ? error.message : String(error), 0);
}

interface CallInput<N extends keyof Endpoints> {
  query?: QueryOf<N>;
  body?: BodyOf<N>;
  signal?: AbortSignal;
  /** A token other than the session's. */
  token?: string;
}

let serverKey: Promise<PublicKeyInfo> | null = null;

/** Fetches the server's key for sealed bodies ahead of a form's submit (the login form opening). */
export function prepareSealing() {
  if (canSeal()) publicKey().catch(() => {});
}

/** The server's public key for sealed bodies, fetched once per page (again after it changed). */
function publicKey(): Promise<PublicKeyInfo> {
  serverKey ??= call('publicKey').catch((error: unknown) => {
    serverKey = null;
    throw error;
  });
  return serverKey;
}

async function requestBody(name: keyof Endpoints, body: unknown) {
  if (body === undefined) return {};
  if (!('enc' in paths[name]) || !canSeal()) return { json: body };
  return { json: { enc: await seal(body, await publicKey()) } };
}

/**
 * Calls started while the page boots (main.tsx), before the code that needs their answers has loaded: on a
 * phone's link each round trip saved in series is a sixth of a second. The first `call` asking for exactly
 * the same read, with the same session, takes the answer instead of asking again.
 */
interface EarlyCall {
  at: number;
  token: string | null;
  answer: Promise<unknown>;
  /** Set once it answered: a screen rendering after that shows it at once, without a loading step. */
  answered?: { value: unknown };
}
const early = new Map<string, EarlyCall>();
const EARLY_FOR_MS = 15_000;
const earlyKey = (name: string, query: unknown) =>
  `${name}?${toSearchParams(query as Record<string, unknown> | undefined).toString()}`;

/** Starts a read now so that a later identical `call` finds its answer on the way or already here. */
export function callEarly<N extends keyof Endpoints>(
  name: N,
  input: { query?: QueryOf<N> } = {},
): Promise<EndpointValue<N> | null> {
  const answer = send(name, input, false);
  const entry: EarlyCall = { at: Date.now(), token: authToken_, answer };
  early.set(earlyKey(name, input.query), entry);
  return answer.then(
    (value) => {
      entry.answered = { value };
      return value;
    },
    () => null,
  );
}

/**
 * The answer of an early read that has already arrived, else undefined. Reading it does not take it: React
 * may throw a render away and render the screen again (a commit held back, then replaced by a newer
 * render), and the second render must find the answer the first one read, or the screen shows its loading
 * step and asks again. It stays until a `call` takes it or it is too old to be used.
 */
export function earlyAnswer<N extends keyof Endpoints>(
  name: N,
  input: { query?: QueryOf<N> } = {},
): EndpointValue<N> | undefined {
  const found = early.get(earlyKey(name, input.query));
  if (!found?.answered || found.token !== authToken_ || Date.now() - found.at > EARLY_FOR_MS)
    return undefined;
  return found.answered.value as EndpointValue<N>;
}

function takeEarly(name: string, input: CallInput<keyof Endpoints>): Promise<unknown> | null {
  if (early.size === 0 || input.body !== undefined || input.token || input.signal) return null;
  const key = earlyKey(name, input.query);
  const found = early.get(key);
  if (!found) return null;
  early.delete(key);
  if (found.token !== authToken_ || Date.now() - found.at > EARLY_FOR_MS) return null;
  return found.answer.catch((error: unknown) => {
    // The site-wide reactions (maintenance, region block) hear of it now that someone is listening.
    if (error instanceof ApiError) for (const listener of listeners) listener(error);
    throw error;
  });
}

/** Calls one endpoint of the wire contract by its readable name and returns its validated value. */
export async function call<N extends keyof Endpoints>(
  name: N,
  input: CallInput<N> = {},
): Promise<EndpointValue<N>> {
  const started = takeEarly(name, input as CallInput<keyof Endpoints>);
  if (started) return started as Promise<EndpointValue<N>>;
  try {
    return await send(name, input);
  } catch (error) {
    // The server's key was rotated since this page fetched it: fetch the new one and seal again, once.
    if (!(error instanceof ApiError) || error.code !== 'SEALED_KEY_CHANGED') throw error;
    serverKey = null;
    return send(name, input);
  }
}

async function send<N extends keyof Endpoints>(
  name: N,
  input: CallInput<N> = {},
  notify = true,
): Promise<EndpointValue<N>> {
  const endpoint = paths[name];
  try {
    const response = await http(endpoint.path.slice(1), {
      method: endpoint.method,
      searchParams: toSearchParams(input.query as Record<string, unknown> | undefined),
      ...(await requestBody(name, input.body)),
      ...(input.signal ? { signal: input.signal } : {}),
      ...(input.token ? { headers: { Authorization: `Bearer ${input.token}` } } : {}),
    });
    // The server checks every answer against its schema before sending it; here only the envelope.
    const data = (await response.json()) as Partial<Envelope<unknown>> | null;
    if (!data || typeof data.success !== 'boolean')
      throw new ApiError('UNKNOWN', 'unexpected answer', response.status);
    if (!data.success) {
      throw new ApiError(data.code ?? 'UNKNOWN', data.message ?? '', response.status, data.value ?? null);
    }
    return data.value as EndpointValue<N>;
  } catch (error) {
    const apiError = await toApiError(error);
    if (notify) for (const listener of listeners) listener(apiError);
    throw apiError;
  }
}

/** Sends a form with files (multipart) to a path of the contract; answers like `call` (`token`: an operator's). */
export async function sendForm<T>(name: keyof typeof paths, form: FormData, token?: string): Promise<T> {
  try {
    const response = await http(paths[name].path.slice(1), {
      method: 'POST',
      body: form,
      ...(token ? { headers: { Authorization: `Bearer ${token}` } } : {}),
    });
    const data = (await response.json()) as Envelope<T>;
    if (!data.success) throw new ApiError(data.code, data.message, response.status, data.value);
    return data.value;
  } catch (error) {
    throw await toApiError(error);
  }
}

/** Fetches a binary resource of the contract (an operator's view of a picture) as a blob. */
export async function fetchBlob(name: keyof typeof paths, query: Record<string, string>, token: string) {
  const response = await http(paths[name].path.slice(1), {
    searchParams: new URLSearchParams(query),
    headers: { Authorization: `Bearer ${token}` },
  });
  return response.blob();
}

/**
 * Fetches a report's CSV export (`<path>.csv`, the same query as the report) and hands it to the browser
 * as a download. Answers how many rows it held and whether the export limit cut it short.
 */
export async function downloadCsv<N extends keyof Endpoints>(name: N, query: QueryOf<N>, filename: string) {
  try {
    const response = await http(`${paths[name].path.slice(1)}.csv`, {
      searchParams: toSearchParams(query as Record<string, unknown>),
      timeout: 120_000,
    });
    const blob = await response.blob();
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = filename;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
    return {
      rows: Number(response.headers.get('X-Export-Rows') ?? 0),
      truncated: response.headers.get('X-Export-Truncated') === '1',
    };
  } catch (error) {
    throw await toApiError(error);
  }
}
