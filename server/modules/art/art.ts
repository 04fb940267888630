import { MEMBER_ICON_COUNT } from '../../../src/api/member-icons';
import { motifFor, originalMotifs } from './motifs';
import { escapeXml, hash, paletteFor, seeded } from './palette';

function gradient(id: string, [dark, mid, light]: [string, string, string]) {
  return `<defs>
    <linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${dark}"/><stop offset=".6" stop-color="${mid}"/><stop offset="1" stop-color="${light}"/>
    </linearGradient>
    <radialGradient id="${id}-glow" cx=".75" cy=".3" r=".6">
      <stop offset="0" stop-color="#fff" stop-opacity=".35"/><stop offset="1" stop-color="#fff" stop-opacity="0"/>
    </radialGradient>
  </defs>`;
}

function sparkles(seed: number, width: number, height: number, count: number) {
  const rnd = seeded(seed);
  let out = '';
  for (let i = 0; i < count; i++) {
    const x = Math.round(rnd() * width);
    const y = Math.round(rnd() * height);
    const r = (rnd() * 3 + 1).toFixed(1);
    out += `<circle cx="${x}" cy="${y}" r="${r}" fill="#fff" opacity="${(rnd() * 0.5 + 0.2).toFixed(2)}"/>`;
  }
  return out;
}

/** Spec 9's vendor image variants: DEFAULT and ACTIVE (small icon), WHITE, COLOR and PURPLE (lists). */
export const VENDOR_VARIANTS = ['default', 'active', 'white', 'color', 'purple'] as const;
export type VendorVariant = (typeof VENDOR_VARIANTS)[number];

/** A name split in at most two lines of about `width` characters, at spaces. */
function twoLines(name: string, width: number): string[] {
  if (name.length <= width) return [name];
  const words = name.split(/\s+/);
  let first = '';
  while (words.length > 0 && (first + (first ? ' ' : '') + words[0]).length <= width) {
    first += (first ? ' ' : '') + words.shift();
  }
  if (!first) first = words.shift()!;
  const rest = words.join(' ');
  return rest ? [first, rest.length > width ? `${rest.slice(0, width - 1)}…` : rest] : [first];
}

/**
 * A vendor badge: the vendor's name (its code when none is given) set in heavy type on the vendor's
 * colours, so a player reads "Sea Lottery", not TCG_SEA.
 */
export function vendorBadge(code: string, variant: VendorVariant = 'default', name?: string): string {
  const p = paletteFor(code);
  const lines = twoLines((name?.trim() || code.replace(/_/g, ' ')).slice(0, 40), 13).map(escapeXml);
  const longest = Math.max(...lines.map((l) => l.length));
  const size =
    lines.length > 1
      ? longest > 10
        ? 13
        : 15
      : longest > 10
        ? 14
        : longest > 7
          ? 16
          : longest > 4
            ? 20
            : 26;
  const text = (fill: string) =>
    `<text x="80" y="${lines.length > 1 ? 32 - size * 0.25 : 32 + size / 3}" font-family="Arial Black,Arial,sans-serif" font-weight="900" font-size="${size}" text-anchor="middle" fill="${fill}" letter-spacing="0.5">${lines
      .map((l, i) => `<tspan x="80" dy="${i === 0 ? 0 : size * 1.1}">${l}</tspan>`)
      .join('')}</text>`;
  const open = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 64" width="160" height="64">${gradient('g', p)}`;
  switch (variant) {
    case 'white':
      return `${open}<rect width="160" height="64" rx="14" fill="#fff"/>${text('url(#g)')}</svg>`;
    case 'color':
      return `${open}${text('url(#g)')}</svg>`;
    case 'purple':
      return `${open}<rect width="160" height="64" rx="14" fill="#5b2bd6"/><rect width="160" height="64" rx="14" fill="url(#g-glow)"/>${text('#fff')}</svg>`;
    case 'active':
      return `${open}<rect width="160" height="64" rx="14" fill="url(#g)"/><rect width="160" height="64" rx="14" fill="url(#g-glow)"/><rect x="3" y="3" width="154" height="58" rx="12" fill="none" stroke="#fff" stroke-width="4"/>${text('#fff')}</svg>`;
    default:
      return `${open}<rect width="160" height="64" rx="14" fill="url(#g)"/><rect width="160" height="64" rx="14" fill="url(#g-glow)"/>${text('#fff')}</svg>`;
  }
}

/** A game tile: the family motif on the game's own colours. Names are drawn by the page, in its language. */
export function gameTile(category: string, slug: string): string {
  const p = paletteFor(slug);
  const seed = hash(slug);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 240" width="240" height="240">${gradient('g', p)}
  <rect width="240" height="240" fill="url(#g)"/><rect width="240" height="240" fill="url(#g-glow)"/>
  ${sparkles(seed, 240, 240, 18)}
  <circle cx="120" cy="116" r="78" fill="#000" opacity=".18"/>
  <g transform="translate(40 36) scale(1.6)">${(category === 'INHOUSE' ? originalMotifs[slug] : undefined)?.(p[1]) ?? motifFor(category)(p[1])}</g>
</svg>`;
}

/** A wide hero banner: layered light, coins and the motif of the campaign. Text sits on top in HTML. */
export function bannerArt(slug: string, category: string): string {
  const p = paletteFor(slug);
  const seed = hash(slug);
  const rnd = seeded(seed);
  let coins = '';
  for (let i = 0; i < 9; i++) {
    const x = Math.round(1100 + rnd() * 750);
    const y = Math.round(60 + rnd() * 480);
    const r = Math.round(18 + rnd() * 34);
    coins += `<g opacity="${(0.55 + rnd() * 0.45).toFixed(2)}"><circle cx="${x}" cy="${y}" r="${r}" fill="#fbbf24"/><circle cx="${x}" cy="${y}" r="${Math.round(r * 0.72)}" fill="none" stroke="#b45309" stroke-width="3"/></g>`;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1920 600" width="1920" height="600" preserveAspectRatio="xMidYMid slice">${gradient('g', p)}
  <rect width="1920" height="600" fill="url(#g)"/><rect width="1920" height="600" fill="url(#g-glow)"/>
  <g opacity=".12" stroke="#fff" stroke-width="2">${Array.from({ length: 14 }, (_, i) => `<line x1="${1450}" y1="300" x2="${i * 150 - 100}" y2="${i % 2 ? 0 : 600}"/>`).join('')}</g>
  ${sparkles(seed, 1920, 600, 60)}
  <circle cx="1450" cy="300" r="250" fill="#000" opacity=".2"/>
  <g transform="translate(1250 100) scale(4)">${motifFor(category)(p[1])}</g>
  ${coins}
</svg>`;
}

/** Promotion card artwork, 2:1. */
export function promoArt(slug: string, category: string): string {
  const p = paletteFor(slug);
  const seed = hash(slug);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 300" width="600" height="300">${gradient('g', p)}
  <rect width="600" height="300" fill="url(#g)"/><rect width="600" height="300" fill="url(#g-glow)"/>
  ${sparkles(seed, 600, 300, 30)}
  <circle cx="440" cy="150" r="120" fill="#000" opacity=".18"/>
  <g transform="translate(350 60) scale(1.8)">${motifFor(category)(p[1])}</g>
  <path d="M0 250 Q150 210 300 250 T600 250 V300 H0Z" fill="#000" opacity=".25"/>
</svg>`;
}

/** A round avatar with initials, for live hosts and members without a picture. */
export function avatar(name: string): string {
  const p = paletteFor(name);
  const initials = escapeXml(
    name
      .split(/[\s_-]+/)
      .map((w) => w[0] ?? '')
      .join('')
      .slice(0, 2)
      .toUpperCase(),
  );
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96" width="96" height="96">${gradient('g', p)}
  <circle cx="48" cy="48" r="48" fill="url(#g)"/>
  <text x="48" y="60" font-family="Arial,sans-serif" font-weight="700" font-size="34" text-anchor="middle" fill="#fff">${initials}</text>
</svg>`;
}

/** The member icons a player picks from (spec: `/wps/member/info/icon`): a star of 3 to 8 points each. */
export function memberIcon(n: number): string {
  const p = paletteFor(`member-icon-${n}`);
  const points = 3 + (n % 6);
  const outer = 30;
  const inner = points === 3 ? 12 : 15;
  const turn = (n * 17) % 360;
  const corners = Array.from({ length: points * 2 }, (_, i) => {
    const r = i % 2 === 0 ? outer : inner;
    const a = (i * Math.PI) / points - Math.PI / 2 + (turn * Math.PI) / 180 / points;
    return `${(48 + r * Math.cos(a)).toFixed(1)},${(48 + r * Math.sin(a)).toFixed(1)}`;
  }).join(' ');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96" width="96" height="96">${gradient('g', p)}
  <circle cx="48" cy="48" r="48" fill="url(#g)"/><circle cx="48" cy="48" r="48" fill="url(#g-glow)"/>
  <polygon points="${corners}" fill="#fff" opacity=".92"/>
</svg>`;
}

export { MEMBER_ICON_COUNT };
