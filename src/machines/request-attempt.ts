/** A money request the page sent, with the id that makes the server apply it at most once. */
export interface Attempt<T> {
  request: T;
  requestId: string;
}

export function newRequestId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // randomUUID needs a secure context; a site served over plain HTTP still has getRandomValues.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)),
        )
      : v,
  );

/**
 * The attempt a submission makes. Sending the same request again after a failure keeps its id: if the
 * first one reached the server and only its answer was lost, the money still moves once. A request
 * that differs in anything is a new one with a new id.
 */
export function attemptFor<T>(last: Attempt<T> | null, request: T, newId = newRequestId): Attempt<T> {
  return last && canonical(last.request) === canonical(request) ? last : { request, requestId: newId() };
}
