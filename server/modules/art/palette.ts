/** Stable small hash so the same name always draws the same picture. */
export function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

const palettes: Array<[string, string, string]> = [
  ['#1e1b4b', '#7c3aed', '#f472b6'],
  ['#0f172a', '#0ea5e9', '#22d3ee'],
  ['#3b0764', '#c026d3', '#fbbf24'],
  ['#052e16', '#16a34a', '#a3e635'],
  ['#450a0a', '#dc2626', '#fb923c'],
  ['#172554', '#2563eb', '#facc15'],
  ['#1c1917', '#b45309', '#fde68a'],
  ['#083344', '#0d9488', '#5eead4'],
];

export function paletteFor(name: string): [string, string, string] {
  return palettes[hash(name) % palettes.length]!;
}

/** Deterministic pseudo-random numbers from a seed (mulberry32). */
export function seeded(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
