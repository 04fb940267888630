import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../ui/format';

/** The QR code's dark modules as one SVG path, drawn from the code itself (no picture is fetched). */
function qrPath(modules: { size: number; data: Uint8Array }) {
  let d = '';
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (modules.data[row * modules.size + col]) d += `M${col} ${row}h1v1h-1z`;
    }
  }
  return d;
}

/** The QR of a BR Code; the encoder is loaded only when a PIX deposit is shown. */
function PixQr({ code, label }: { code: string; label: string }) {
  const [shape, setShape] = useState<{ size: number; path: string } | null>(null);
  useEffect(() => {
    let live = true;
    import('qrcode').then(({ create }) => {
      const { modules } = create(code, { errorCorrectionLevel: 'M' });
      if (live) setShape({ size: modules.size, path: qrPath(modules) });
    });
    return () => {
      live = false;
    };
  }, [code]);
  if (!shape) return <div className="pix-qr pix-qr-loading" aria-busy="true" />;
  // A quiet zone of 4 modules around the symbol, as readers expect.
  const view = shape.size + 8;
  return (
    <svg
      className="pix-qr"
      viewBox={`-4 -4 ${view} ${view}`}
      role="img"
      aria-label={label}
      data-testid="pix-qr"
      shapeRendering="crispEdges"
    >
      <rect x={-4} y={-4} width={view} height={view} fill="#fff" />
      <path d={shape.path} fill="#000" />
    </svg>
  );
}

/**
 * A PIX deposit to pay: the QR code to scan with the bank's app, the same "copia e cola" code to paste,
 * a copy button, and in the demo the simulated bank's page standing in for the app.
 */
export function PixCharge(props: {
  pix: { brCode: string; txid: string; expiresAt: number | null };
  /** The simulated provider's page (demo only). */
  payUrl: string | null;
}) {
  const { t, i18n } = useTranslation();
  const { pix } = props;
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(pix.brCode);
      setCopied('yes');
    } catch {
      setCopied('no');
    }
  };
  return (
    <div className="pix-charge" data-testid="pix-charge">
      <h3 className="member-subtitle">{t('centre.deposit.pix_title')}</h3>
      <p className="muted">{t('centre.deposit.pix_help')}</p>
      <PixQr code={pix.brCode} label={t('centre.deposit.pix_qr')} />
      <label className="field pix-code">
        <span>{t('centre.deposit.pix_code')}</span>
        <textarea
          readOnly
          rows={4}
          value={pix.brCode}
          data-testid="pix-code"
          onFocus={(e) => e.target.select()}
        />
      </label>
      <div className="pix-actions">
        <button type="button" className="btn btn-primary" onClick={copy} data-testid="pix-copy">
          {t('centre.deposit.pix_copy')}
        </button>
        {props.payUrl && (
          <a
            className="btn btn-ghost"
            href={`${props.payUrl}&lang=${i18n.language}`}
            data-testid="pix-demo-pay"
          >
            {t('centre.deposit.pix_demo_pay')}
          </a>
        )}
      </div>
      <p className="pix-copied" role="status">
        {copied === 'yes'
          ? t('centre.deposit.pix_copied')
          : copied === 'no'
            ? t('centre.deposit.pix_copy_failed')
            : ''}
      </p>
      {pix.expiresAt !== null && (
        <p className="muted">{t('centre.deposit.pix_expires', { time: formatDateTime(pix.expiresAt) })}</p>
      )}
    </div>
  );
}
