/**
 * Simple vector motifs, one per game family, drawn centred in a 100x100 box so callers can place and
 * scale them.
 */
export const motifs: Record<string, (accent: string) => string> = {
  LIVE: (a) => `
    <rect x="18" y="22" width="38" height="54" rx="6" fill="#fff" transform="rotate(-12 37 49)"/>
    <rect x="42" y="22" width="38" height="54" rx="6" fill="#fff" stroke="${a}" stroke-width="2" transform="rotate(10 61 49)"/>
    <path d="M61 38 l7 10 -7 10 -7 -10z" fill="${a}" transform="rotate(10 61 49)"/>`,
  RNG: (a) => `
    <rect x="14" y="26" width="72" height="48" rx="10" fill="#fff"/>
    <rect x="20" y="32" width="18" height="36" rx="4" fill="${a}" opacity=".85"/>
    <rect x="41" y="32" width="18" height="36" rx="4" fill="${a}"/>
    <rect x="62" y="32" width="18" height="36" rx="4" fill="${a}" opacity=".85"/>
    <text x="50" y="58" font-family="Arial Black,Arial,sans-serif" font-size="22" text-anchor="middle" fill="#fff">7</text>`,
  PVP: (a) => `
    <path d="M50 18 C30 40 18 50 32 64 C40 72 47 66 48 62 L44 82 H56 L52 62 C53 66 60 72 68 64 C82 50 70 40 50 18Z" fill="#fff"/>
    <circle cx="50" cy="50" r="6" fill="${a}"/>`,
  FISH: (a) => `
    <path d="M18 50 C34 26 66 26 78 50 C66 74 34 74 18 50Z" fill="#fff"/>
    <path d="M78 50 L92 36 V64Z" fill="#fff"/>
    <circle cx="32" cy="46" r="4" fill="${a}"/>
    <path d="M48 36 q8 14 0 28" stroke="${a}" stroke-width="3" fill="none"/>`,
  SPORTS: (a) => `
    <circle cx="50" cy="50" r="32" fill="#fff"/>
    <path d="M50 34 l14 10 -5 16 h-18 l-5 -16z" fill="${a}"/>
    <path d="M50 18 v16 M82 46 l-18 -2 M68 78 l-9 -18 M32 78 l9 -18 M18 46 l18 -2" stroke="${a}" stroke-width="3"/>`,
  ESPORTS: (a) => `
    <path d="M22 38 h56 a12 12 0 0 1 12 12 l-4 18 a8 8 0 0 1 -14 3 l-6 -8 h-32 l-6 8 a8 8 0 0 1 -14 -3 l-4 -18 a12 12 0 0 1 12 -12z" fill="#fff"/>
    <path d="M30 50 h12 M36 44 v12" stroke="${a}" stroke-width="4"/>
    <circle cx="64" cy="48" r="4" fill="${a}"/><circle cx="72" cy="56" r="4" fill="${a}"/>`,
  LOTT: (a) => `
    <circle cx="34" cy="42" r="16" fill="#fff"/><circle cx="66" cy="42" r="16" fill="#fff"/><circle cx="50" cy="66" r="16" fill="#fff"/>
    <text x="34" y="48" font-family="Arial Black,Arial,sans-serif" font-size="16" text-anchor="middle" fill="${a}">8</text>
    <text x="66" y="48" font-family="Arial Black,Arial,sans-serif" font-size="16" text-anchor="middle" fill="${a}">2</text>
    <text x="50" y="72" font-family="Arial Black,Arial,sans-serif" font-size="16" text-anchor="middle" fill="${a}">6</text>`,
  COCKFIGHT: (a) => `
    <path d="M30 70 C24 50 34 34 50 32 C52 24 60 20 64 26 C70 24 72 32 66 34 C74 40 76 52 70 62 C80 58 86 64 82 72 C70 78 44 80 30 70Z" fill="#fff"/>
    <path d="M64 26 l6 -6 2 8z" fill="${a}"/><circle cx="60" cy="34" r="2.5" fill="${a}"/>
    <path d="M44 78 v10 M56 78 v10" stroke="#fff" stroke-width="4"/>`,
  INHOUSE: (a) => `
    <path d="M50 16 L80 50 L50 84 L20 50Z" fill="#fff"/>
    <path d="M50 30 L66 50 L50 70 L34 50Z" fill="${a}"/>`,
};
motifs.ELOTT = motifs.LOTT!;

export function motifFor(category: string) {
  return motifs[category] ?? motifs.INHOUSE!;
}
