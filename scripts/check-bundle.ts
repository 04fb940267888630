/**
 * Reports the gzipped size of the JavaScript a visitor downloads before the home page can render (the
 * entry, the site's code it starts, the home screen and their static imports; other lazy screens are left
 * out) and fails the build above the budget.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_BYTES = 200 * 1024;
const dist = path.resolve(import.meta.dirname, '..', 'dist');

type Chunk = { file: string; imports?: string[]; isEntry?: boolean; css?: string[] };
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<
  string,
  Chunk
>;

const seen = new Set<string>();
function walk(key: string) {
  if (seen.has(key)) return;
  seen.add(key);
  for (const dep of manifest[key]?.imports ?? []) walk(dep);
}
const HOME = 'src/features/home/HomePage.tsx';
// The entry is a small boot (src/main.tsx) that loads the site's code (src/start.tsx) at once.
const START = 'src/start.tsx';
for (const key of [HOME, START]) {
  if (!manifest[key]) throw new Error(`${key} is not in the build manifest: update this check`);
}
for (const [key, chunk] of Object.entries(manifest))
  if (chunk.isEntry || key === HOME || key === START) walk(key);

let total = 0;
const rows: Array<[string, number]> = [];
for (const key of seen) {
  const file = manifest[key]!.file;
  const size = gzipSync(readFileSync(path.join(dist, file))).length;
  rows.push([file, size]);
  total += size;
}
rows.sort((a, b) => b[1] - a[1]);
for (const [file, size] of rows) console.log(`  ${(size / 1024).toFixed(1).padStart(7)} KB  ${file}`);
console.log(`initial JavaScript: ${(total / 1024).toFixed(1)} KB gzipped (budget ${BUDGET_BYTES / 1024} KB)`);
if (total > BUDGET_BYTES) {
  console.error('Initial JavaScript is over budget: lazy-load more of the site.');
  process.exit(1);
}
