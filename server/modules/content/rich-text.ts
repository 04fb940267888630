import { RICH_TEXT_POLICY } from '../../../src/api/rich-text';

type Clean = (html: string) => string;
let cleaner: Promise<Clean> | null = null;

/**
 * DOMPurify on a jsdom window, made the first time an operator saves a text (the site's readers never
 * need it, so a process that serves only players never loads jsdom).
 */
function load(): Promise<Clean> {
  cleaner ??= Promise.all([import('jsdom'), import('dompurify')]).then(([{ JSDOM }, { default: purify }]) => {
    const DOMPurify = purify(new JSDOM('').window);
    return (html: string) => DOMPurify.sanitize(html, RICH_TEXT_POLICY);
  });
  return cleaner;
}

/**
 * Operator HTML as the site will keep it: scripts, event handlers, styles, frames and links to anything
 * but the web, e-mail, telephone, the site's paths and anchors removed (src/api/rich-text.ts).
 */
export async function sanitizeRichText(html: string): Promise<string> {
  return (await load())(html).trim();
}

/** Whether cleaned HTML still says anything: some text, or a picture. */
export function hasContent(html: string): boolean {
  if (/<img\s/i.test(html)) return true;
  const text = html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;|&#160;/g, ' ')
    .trim();
  return text.length > 0;
}
