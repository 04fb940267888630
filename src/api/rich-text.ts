/**
 * What operator-written HTML may hold (announcements, popups, help and legal pages): DOMPurify's HTML
 * profile without forms, styles, frames or embedded documents, and links only to the web, e-mail,
 * telephone, the site's own paths and anchors. The server cleans a text with it when an operator saves
 * it (server/modules/content/rich-text.ts) and the page again before showing it (src/ui/SafeHtml.tsx).
 */
export const RICH_TEXT_POLICY = {
  USE_PROFILES: { html: true },
  FORBID_TAGS: [
    'style',
    'form',
    'input',
    'button',
    'textarea',
    'select',
    'iframe',
    'object',
    'embed',
    'link',
    'meta',
    'base',
  ],
  FORBID_ATTR: ['style', 'srcset'],
  ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|tel:|\/(?!\/)|#)/i,
};
