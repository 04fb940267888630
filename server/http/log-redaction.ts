import type { FastifyRequest } from 'fastify';

/** Query parameters that carry a credential or a one-time code: never written to a log. */
const SECRET_PARAMS = /^(token|handoff|code|t|ticket|password|secret|challenge|reset|key)$/i;

/** The address with every secret-bearing query value replaced, for access and error logs. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq < 0 ? pair : pair.slice(0, eq);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // A malformed name is logged as it came.
      }
      return eq >= 0 && SECRET_PARAMS.test(decoded) ? `${name}=[redacted]` : pair;
    })
    .join('&');
  return `${url.slice(0, q)}?${query}`;
}

/** Fastify's request line in the log, with the address redacted. */
export function requestSerializer(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.hostname,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/**
 * Errors as the log sees them: name, message, code and stack, never the SQL parameters a database driver
 * or drizzle attaches (they can hold passwords, codes and personal data).
 */
export function errorSerializer(error: Error): {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
} {
  const e = error as { name?: string; message?: string; code?: unknown; stack?: string; cause?: unknown };
  const strip = (text: string | undefined) =>
    text?.replace(/\nparams: [\s\S]*?(?=\n {4}at |$)/, '\nparams: [redacted]');
  const cause = e.cause as { message?: string; code?: unknown } | undefined;
  return {
    type: e.name ?? 'Error',
    message: strip(e.message) ?? '',
    code: e.code,
    stack: strip(e.stack) ?? '',
    ...(cause && typeof cause === 'object'
      ? { cause: { message: strip(cause.message), code: cause.code } }
      : {}),
  };
}
