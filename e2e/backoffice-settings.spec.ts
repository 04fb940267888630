import type { Page } from '@playwright/test';
import { expectNoSeriousViolations } from './axe';
import { expect, openBackoffice, test } from './fixtures';

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => sessionStorage.setItem('homePopupsClosed', '1'));
});

/** The login popup as a guest opens it: its tabs of login methods (none shown when only one is on). */
async function loginMethods(page: Page) {
  await page.goto('/login');
  const modal = page.getByTestId('account-modal');
  await expect(modal.getByLabel('Nome de usuário')).toBeVisible();
  return modal.getByRole('tab', { name: 'SMS', exact: true });
}

/** Switches one site option in the back office, confirming it with a reason. */
async function switchOption(bo: Page, code: string, from: string, to: string, reason: string) {
  const row = bo.getByTestId(`bo-flag-${code}`);
  const toggle = row.getByRole('checkbox');
  await expect(toggle).toBeEnabled();
  await toggle.click();
  const dialog = bo.getByTestId('bo-task');
  await expect(dialog).toContainText(code);
  // What changes, before → after.
  await expect(dialog.locator('dd').nth(1)).toHaveText(from);
  await expect(dialog.locator('dd').nth(2)).toHaveText(to);
  await dialog.getByLabel(/Motivo/).fill(reason);
  await dialog.getByRole('button', { name: 'Confirmar' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(toggle).toBeChecked({ checked: to === 'Ligado' });
}

const noSidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test('an operator switches the SMS login off and the login popup loses it, then switches it back on', async ({
  page,
  browser,
}) => {
  // Two browsers and four confirmed changes on a shared, busy machine.
  test.setTimeout(180_000);
  await expect(await loginMethods(page)).toBeVisible();

  const bo = await openBackoffice(browser);
  await bo.page.getByRole('button', { name: 'Opções do site', exact: true }).click();
  const flags = bo.page.getByTestId('bo-site-options');
  await expect(flags).toContainText('Login por SMS');
  await expect(flags).toContainText('A aba SMS do login');
  await switchOption(bo.page, 'MOBILEVERCODELOGIN3', 'Ligado', 'Desligado', 'Provedor de SMS em manutenção');

  // The site reads its settings again (BRAND_CACHE_MS is 0 here): the popup has the username login only.
  await expect(await loginMethods(page)).toHaveCount(0);
  await expect(page.getByTestId('account-modal').getByLabel(/^Senha/)).toBeVisible();

  await switchOption(bo.page, 'MOBILEVERCODELOGIN3', 'Desligado', 'Ligado', 'Provedor de SMS de volta');
  await expect(await loginMethods(page)).toBeVisible();

  // The trail keeps both changes with their reasons, before and after.
  await bo.page.getByRole('button', { name: 'Auditoria', exact: true }).click();
  const trail = bo.page.getByTestId('bo-audit');
  await expect(trail).toContainText('Provedor de SMS de volta');
  await expect(trail).toContainText('MOBILEVERCODELOGIN3: false → MOBILEVERCODELOGIN3: true');
  await bo.close();
});

test('the settings pages fit a desktop, a tablet and a phone without sideways scroll', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const bo = await openBackoffice(browser);
  const pages: Array<[string, string]> = [
    ['Opções do site', 'bo-site-settings'],
    ['Limites', 'bo-limits'],
    ['Manutenção', 'bo-maintenance'],
    ['Domínios e links', 'bo-domains'],
  ];
  for (const width of [1280, 820, 390]) {
    await bo.page.setViewportSize({ width, height: 900 });
    for (const [tab, testId] of pages) {
      await bo.page.getByRole('button', { name: tab, exact: true }).click();
      await expect(bo.page.getByTestId(testId).locator('.bo-card').first()).toBeVisible();
      expect(await noSidewaysScroll(bo.page), `${tab} at ${width} px`).toBeLessThanOrEqual(0);
    }
  }
  await expectNoSeriousViolations(bo.page, 'the back office domains page');
  await bo.close();
});
