import { chromium } from 'playwright-core';
const base = 'http://127.0.0.1:3900';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
for (const [name, viewport] of [['desktop', { width: 1366, height: 900 }], ['phone', { width: 390, height: 844 }]]) {
  const ctx = await browser.newContext({ viewport, locale: 'pt-BR' });
  const page = await ctx.newPage();
  await page.addInitScript(() => sessionStorage.setItem('homePopupsClosed', '1'));
  page.on('pageerror', (e) => console.log('PAGEERROR', e.message));
  await page.goto(base + '/help');
  await page.getByTestId('site-header').getByRole('button', { name: 'Entrar' }).click();
  const modal = page.getByTestId('account-modal');
  await modal.getByLabel('Nome de usuário').fill('demomember');
  await modal.getByLabel('Senha').fill('Demo1234');
  await modal.getByRole('button', { name: 'Entrar', exact: true }).click();
  await page.getByTestId('member-account').waitFor({ state: 'attached' });
  await page.goto(base + '/lottery?gameCode=' + (process.argv[2] ?? 'ssc1'));
  await page.waitForTimeout(2500);
  await page.screenshot({ path: `/tmp/shots/lottery-${name}.png`, fullPage: true });
  await ctx.close();
}
await browser.close();
