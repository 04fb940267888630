import { useEffect, useState } from 'react';
import type { z } from 'zod';
import { call } from '../../api/client';
import type { EndpointName, Endpoints, EndpointValue } from '../../api/endpoints';

type QueryOf<N extends EndpointName> = Endpoints[N] extends { query: z.ZodType }
  ? z.input<Endpoints[N]['query']>
  : never;

/**
 * One agent-centre report: asks again whenever its query changes (compared by value) and keeps the
 * last answer on screen while the next loads; only the newest answer is kept.
 */
export function useReport<N extends EndpointName>(name: N, query: QueryOf<N>) {
  const [data, setData] = useState<EndpointValue<N> | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const key = JSON.stringify(query);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the query is compared by its key
  useEffect(() => {
    let live = true;
    setLoading(true);
    setError(null);
    call(name, { query } as Parameters<typeof call<N>>[1])
      .then((d) => {
        if (!live) return;
        setData(d);
        setLoading(false);
      })
      .catch((e: { code?: string }) => {
        if (!live) return;
        setError(e.code ?? 'UNKNOWN');
        setLoading(false);
      });
    return () => {
      live = false;
    };
  }, [name, key]);
  return { data, error, loading };
}
