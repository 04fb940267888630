import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type FromPreview,
  fromSameSite,
  PREVIEW_PATH,
  type PreviewItem,
  type ToPreview,
} from './preview-protocol';

/** The widths an operator checks a draft at: a phone, a tablet, a desktop. */
export const PREVIEW_WIDTHS = [
  { key: 'phone', width: 390 },
  { key: 'tablet', width: 820 },
  { key: 'desktop', width: 1280 },
] as const;
type WidthKey = (typeof PREVIEW_WIDTHS)[number]['key'];

/**
 * A draft shown by the site's own components in a frame of a phone's, a tablet's or a desktop's width
 * (the site's layout follows the frame's width, as on the device), scaled down to fit the page: what a
 * visitor will see, in either language, before it is saved.
 */
export function ContentPreview({ build }: { build: (lang: 'pt' | 'en') => PreviewItem | null }) {
  const { t } = useTranslation();
  const [lang, setLang] = useState<'pt' | 'en'>('pt');
  const [size, setSize] = useState<WidthKey>('phone');
  const [height, setHeight] = useState(320);
  const [room, setRoom] = useState(390);
  const [ready, setReady] = useState(false);
  const frame = useRef<HTMLIFrameElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const width = PREVIEW_WIDTHS.find((w) => w.key === size)!.width;
  const item = build(lang);
  const message: ToPreview = { source: 'aurora-backoffice', type: 'show', lang, item };
  const serialized = JSON.stringify(message);

  useEffect(() => {
    const element = box.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setRoom(element.clientWidth));
    observer.observe(element);
    setRoom(element.clientWidth);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const onMessage = (event: MessageEvent<FromPreview>) => {
      if (!fromSameSite(event, frame.current?.contentWindow ?? null)) return;
      if (event.data?.source !== 'aurora-preview') return;
      if (event.data.type === 'ready') setReady(true);
      else if (event.data.type === 'size') setHeight(Math.max(200, Math.min(4000, event.data.height)));
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);

  useEffect(() => {
    if (ready) frame.current?.contentWindow?.postMessage(JSON.parse(serialized), window.location.origin);
  }, [ready, serialized]);

  const scale = Math.min(1, room / width);
  return (
    <section className="bo-preview" aria-label={t('backoffice.content.preview')} data-testid="bo-preview">
      <div className="bo-preview-bar">
        <strong>{t('backoffice.content.preview')}</strong>
        <fieldset className="chips bo-chip-set">
          <legend className="visually-hidden">{t('backoffice.content.preview_language')}</legend>
          {(['pt', 'en'] as const).map((l) => (
            <button
              key={l}
              type="button"
              className={l === lang ? 'chip is-active' : 'chip'}
              aria-pressed={l === lang}
              onClick={() => setLang(l)}
            >
              {l.toUpperCase()}
            </button>
          ))}
        </fieldset>
        <fieldset className="chips bo-chip-set">
          <legend className="visually-hidden">{t('backoffice.content.preview_width')}</legend>
          {PREVIEW_WIDTHS.map((w) => (
            <button
              key={w.key}
              type="button"
              className={w.key === size ? 'chip is-active' : 'chip'}
              aria-pressed={w.key === size}
              data-testid={`bo-preview-${w.key}`}
              onClick={() => setSize(w.key)}
            >
              {t(`backoffice.content.widths.${w.key}`, { width: w.width })}
            </button>
          ))}
        </fieldset>
      </div>
      <div ref={box} className="bo-preview-box" style={{ height: Math.ceil(height * scale) }}>
        <iframe
          ref={frame}
          src={PREVIEW_PATH}
          title={t('backoffice.content.preview')}
          className="bo-preview-frame"
          data-testid="bo-preview-frame"
          data-width={width}
          style={{ width, height, transform: `scale(${scale})` }}
        />
      </div>
    </section>
  );
}
