import { useEffect, useState } from 'react';
import { RICH_TEXT_POLICY } from '../api/rich-text';

type Sanitize = (html: string) => string;
let sanitizer: Promise<Sanitize> | null = null;

/** DOMPurify is fetched the first time operator HTML is shown, not with the page. */
export function loadSanitizer(): Promise<Sanitize> {
  sanitizer ??= import('dompurify').then(
    ({ default: DOMPurify }) =>
      (html: string) =>
        DOMPurify.sanitize(html, RICH_TEXT_POLICY),
  );
  return sanitizer;
}

/** Operator-written HTML, shown only after scripts, handlers and unsafe URLs are stripped. */
export function SafeHtml({ html, className }: { html: string; className?: string }) {
  const [clean, setClean] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    loadSanitizer().then((sanitize) => live && setClean(sanitize(html)));
    return () => {
      live = false;
    };
  }, [html]);
  if (clean === null) return <div className={className} aria-busy="true" />;
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized just above
  return <div className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}
