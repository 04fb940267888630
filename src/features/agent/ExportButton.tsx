import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { downloadCsv } from '../../api/client';
import type { EndpointName, Endpoints } from '../../api/endpoints';
import { ErrorNotice } from '../../ui/ErrorNotice';

type QueryOf<N extends EndpointName> = Endpoints[N] extends { query: z.ZodType }
  ? z.input<Endpoints[N]['query']>
  : never;

/** Downloads the whole report (every page) as CSV, with what the export held once it is done. */
export function ExportButton<N extends EndpointName>(props: {
  report: N;
  query: QueryOf<N>;
  filename: string;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  return (
    <div className="export-row">
      <button
        type="button"
        className="btn btn-ghost btn-sm"
        data-testid="export-csv"
        disabled={busy}
        onClick={() => {
          setBusy(true);
          setError(null);
          setNote(null);
          downloadCsv(props.report, props.query, props.filename)
            .then((r) =>
              setNote(t(r.truncated ? 'agent.export.truncated' : 'agent.export.done', { count: r.rows })),
            )
            .catch((e: { code?: string }) => setError(e.code ?? 'UNKNOWN'))
            .finally(() => setBusy(false));
        }}
      >
        {busy ? t('agent.export.busy') : t('agent.export.button')}
      </button>
      {note && (
        <span className="muted" role="status">
          {note}
        </span>
      )}
      {error && <ErrorNotice code={error} />}
    </div>
  );
}
