/**
 * `npm start`: builds the site when its sources are newer than the last build, then runs the server
 * (migrations, demo seed, API and site on one port).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const builtIndex = path.join(root, 'dist', 'index.html');

function newest(p: string): number {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  for (const entry of readdirSync(p)) max = Math.max(max, newest(path.join(p, entry)));
  return max;
}

const sources = ['src', 'locales', 'public', 'index.html', 'vite.config.ts', 'package-lock.json'];
const needsBuild =
  !process.env.STATIC_DIR &&
  (!existsSync(builtIndex) ||
    Math.max(...sources.map((s) => newest(path.join(root, s)))) > statSync(builtIndex).mtimeMs);

if (needsBuild) {
  console.log('Building the site (first start or sources changed)…');
  const result = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

await import('../server/main');
