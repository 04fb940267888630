import { type Browser, expect, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { loginAs, openBackoffice, test } from './fixtures';

const tokenOf = (page: Page) => page.evaluate(() => sessionStorage.getItem('token'));

async function freshPage(browser: Browser) {
  const context = await browser.newContext();
  return { page: await context.newPage(), close: () => context.close() };
}

/** A hand-off code made by a logged-in page, as an app would make one for a link. */
async function handoffFrom(page: Page) {
  return page.evaluate(
    async (token) => {
      const res = await fetch('/api/session/handoff', {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
      });
      return ((await res.json()) as { value: { code: string } }).value.code;
    },
    await tokenOf(page),
  );
}

test('the demo says on every page that its accounts and passwords are public', async ({ page }) => {
  await page.goto('/help');
  await expect(page.getByTestId('demo-notice')).toContainText('contas e senhas públicas');
});

test('a session token in a link logs nobody in, and leaves the address', async ({ page, browser }) => {
  await loginAs(page, 'demomember', 'Demo1234');
  const token = await tokenOf(page);
  const victim = await freshPage(browser);
  await victim.page.goto(`/?token=${token}`);
  await expect(victim.page.getByRole('button', { name: 'Entrar' }).first()).toBeVisible();
  expect(victim.page.url()).not.toContain('token');
  await expect(victim.page.getByTestId('member-account')).toHaveCount(0);
  await victim.close();
});

test('a hand-off link names the account and asks first; it logs a browser in once, only on yes', async ({
  page,
  browser,
}) => {
  // Four browsers and two logins (each a human check): under a full run's load it passed 45 s.
  test.setTimeout(120_000);
  await loginAs(page, 'demomember', 'Demo1234');
  const other = await freshPage(browser);
  await loginAs(other.page, 'demoagent', 'Agent1234');
  await other.page.goto(`/?handoff=${await handoffFrom(page)}`);
  const dialog = other.page.getByTestId('handoff-confirm');
  await expect(dialog).toContainText('Entrar como demomember?');
  await dialog.getByRole('button', { name: 'Manter minha sessão' }).click();
  await expect(other.page.getByTestId('member-account')).toHaveText('demoagent');
  expect(other.page.url()).not.toContain('handoff');
  await other.close();

  // A browser with no session is asked too: a stranger's link must not log it in silently.
  const fresh = await freshPage(browser);
  const code = await handoffFrom(page);
  await fresh.page.goto(`/?handoff=${code}`);
  const question = fresh.page.getByTestId('handoff-confirm');
  await question.getByRole('button', { name: 'Entrar como demomember' }).click();
  await expect(fresh.page.getByTestId('member-account')).toHaveText('demomember');
  const again = await freshPage(browser);
  await again.page.goto(`/?handoff=${code}`);
  await expect(again.page.getByTestId('handoff-confirm')).toHaveCount(0);
  await expect(again.page.getByRole('button', { name: 'Entrar' }).first()).toBeVisible();
  await fresh.close();
  await again.close();
});

test('an administrator enrols in two-step verification at the first login where it is required', async ({
  page,
  maintenanceURL,
}) => {
  await page.goto(`${maintenanceURL}/backoffice`);
  const login = page.getByTestId('operator-login');
  await login.getByLabel('Usuário').fill('demoadmin');
  await login.getByLabel('Senha').fill('Admin12345');
  await login.getByRole('button', { name: 'Entrar' }).click();
  const enrol = page.getByTestId('operator-enrol');
  await expect(enrol.getByRole('img')).toBeVisible();
  const secret = (await page.getByTestId('operator-enrol-secret').textContent())!.trim();
  const app = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 });
  await login.getByLabel('Código').fill(app.generate());
  await login.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByTestId('backoffice')).toBeVisible();
});

test('an operator credits a bonus once and reads it in the audit trail, on a phone too', async ({
  browser,
}) => {
  const { page, close } = await openBackoffice(browser);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Ajustar saldo' }).click();
  const form = page.getByTestId('bo-adjust');
  await form.getByLabel('Membro').fill('demoweak');
  await form.getByLabel(/^Valor/).fill('12,50');
  await form.getByLabel('Categoria').selectOption('bonus');
  await form.getByRole('button', { name: 'Ajustar' }).click();
  // Nothing moves before the operator has seen the member and the amount and given a reason.
  const dialog = page.getByTestId('bo-task');
  await expect(dialog).toContainText('demoweak');
  await expect(dialog).toContainText('12,50');
  await dialog.getByLabel(/Motivo/).fill('Goodwill after an outage');
  await dialog.getByRole('button', { name: 'Confirmar' }).click();
  await expect(form.getByRole('status')).toContainText('Novo saldo de demoweak');
  await page.getByRole('button', { name: 'Auditoria' }).click();
  const entry = page.getByTestId('bo-audit').locator('tr[data-action="balance_adjust"]').first();
  await expect(entry).toContainText('Saldo ajustado');
  await expect(entry).toContainText('Bônus');
  await expect(entry).toContainText('Goodwill after an outage');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await close();
});
