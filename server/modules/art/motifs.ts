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

const pegs = () => {
  let out = '';
  for (let row = 0; row < 5; row++)
    for (let i = 0; i <= row; i++)
      out += `<circle cx="${50 - row * 8 + i * 16}" cy="${26 + row * 12}" r="2.6" fill="#fff"/>`;
  return out;
};

/** The in-house games, one motif each (`/art/game/INHOUSE-<game>.svg`). */
export const originalMotifs: Record<string, (accent: string) => string> = {
  dice: (a) => `
    <g transform="rotate(-14 36 56)"><rect x="14" y="34" width="44" height="44" rx="9" fill="#fff"/>
      <circle cx="25" cy="45" r="4.2" fill="${a}"/><circle cx="36" cy="56" r="4.2" fill="${a}"/><circle cx="47" cy="67" r="4.2" fill="${a}"/></g>
    <g transform="rotate(12 66 40)"><rect x="46" y="18" width="40" height="40" rx="8" fill="#fff" opacity=".92"/>
      <circle cx="56" cy="28" r="3.8" fill="${a}"/><circle cx="76" cy="28" r="3.8" fill="${a}"/>
      <circle cx="56" cy="48" r="3.8" fill="${a}"/><circle cx="76" cy="48" r="3.8" fill="${a}"/></g>`,
  limbo: (a) => `
    <circle cx="50" cy="50" r="36" fill="none" stroke="#fff" stroke-width="6" opacity=".35"/>
    <path d="M50 14 A36 36 0 0 1 86 50" fill="none" stroke="#fff" stroke-width="6" stroke-linecap="round"/>
    <text x="50" y="60" font-family="Arial Black,Arial,sans-serif" font-size="26" text-anchor="middle" fill="#fff">2x</text>
    <path d="M44 76 l6 -8 6 8z" fill="${a}"/>`,
  plinko: (a) => `${pegs()}
    <circle cx="58" cy="20" r="6" fill="${a}" stroke="#fff" stroke-width="2"/>
    <rect x="14" y="84" width="14" height="8" rx="2" fill="#fff"/><rect x="31" y="84" width="12" height="8" rx="2" fill="#fff" opacity=".7"/>
    <rect x="46" y="84" width="8" height="8" rx="2" fill="#fff" opacity=".5"/><rect x="57" y="84" width="12" height="8" rx="2" fill="#fff" opacity=".7"/>
    <rect x="72" y="84" width="14" height="8" rx="2" fill="#fff"/>`,
  mines: (a) => {
    let tiles = '';
    for (let r = 0; r < 3; r++)
      for (let c = 0; c < 3; c++)
        tiles += `<rect x="${16 + c * 24}" y="${16 + r * 24}" width="20" height="20" rx="4" fill="#fff" opacity="${(r + c) % 2 ? 0.55 : 0.8}"/>`;
    return `${tiles}
    <path d="M50 44 l6 6 -6 8 -6 -8z" fill="${a}"/>
    <circle cx="74" cy="74" r="7" fill="#1b1b2f"/><path d="M74 64 v-3 M80 68 l2 -2" stroke="#1b1b2f" stroke-width="2.5"/>`;
  },
  keno: (a) => {
    let balls = '';
    const hit = [1, 5, 6, 10];
    for (let i = 0; i < 12; i++) {
      const x = 22 + (i % 4) * 19;
      const y = 26 + Math.floor(i / 4) * 22;
      const on = hit.includes(i);
      balls += `<circle cx="${x}" cy="${y}" r="8.5" fill="${on ? a : '#fff'}" stroke="#fff" stroke-width="2"/>`;
      balls += `<text x="${x}" y="${y + 4}" font-family="Arial Black,Arial,sans-serif" font-size="9" text-anchor="middle" fill="${on ? '#fff' : a}">${i + 1}</text>`;
    }
    return balls;
  },
  crash: (a) => `
    <path d="M14 84 C40 82 62 70 84 22" fill="none" stroke="#fff" stroke-width="6" stroke-linecap="round"/>
    <path d="M14 84 C40 82 62 70 84 22 L84 86 Z" fill="#fff" opacity=".18"/>
    <g transform="translate(80 24) rotate(35)"><path d="M0 -12 C6 -6 6 6 4 10 H-4 C-6 6 -6 -6 0 -12Z" fill="#fff"/>
      <circle cx="0" cy="-2" r="2.6" fill="${a}"/><path d="M-4 10 l-4 6 M4 10 l4 6" stroke="#fff" stroke-width="2.5"/>
      <path d="M-2 12 L0 20 L2 12Z" fill="${a}"/></g>`,
};

export function motifFor(category: string) {
  return motifs[category] ?? motifs.INHOUSE!;
}
