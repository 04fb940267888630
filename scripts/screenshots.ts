/**
 * Takes screenshots of the running site in Debian's Chromium, for looking at what a visitor sees:
 *   npx tsx scripts/screenshots.ts http://localhost:3000 ./shots
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';

const base = process.argv[2] ?? 'http://localhost:3000';
const out = path.resolve(process.argv[3] ?? 'shots');
const pages = (process.argv[4] ?? '/').split(',');
mkdirSync(out, { recursive: true });

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
});
for (const theme of ['light', 'dark'] as const) {
  for (const [label, viewport] of [
    ['desktop', { width: 1440, height: 900 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    const context = await browser.newContext({ viewport, deviceScaleFactor: 1 });
    await context.addInitScript(
      ([t, closed]) => {
        localStorage.setItem('theme', t);
        if (closed) sessionStorage.setItem('homePopupsClosed', '1');
      },
      [theme, process.env.CLOSE_POPUPS === '1'] as const,
    );
    const page = await context.newPage();
    page.on('console', (m) => m.type() === 'error' && console.error(`[${label}] console:`, m.text()));
    for (const p of pages) {
      await page.goto(base + p, { waitUntil: 'networkidle' });
      await page.waitForTimeout(800);
      const name = `${p.replace(/[^a-z0-9]+/gi, '_') || 'home'}-${theme}-${label}.png`;
      await page.screenshot({
        path: path.join(out, name),
        fullPage: process.env.FULL === '1',
        animations: 'disabled',
      });
      console.log(path.join(out, name));
    }
    await context.close();
  }
}
await browser.close();
