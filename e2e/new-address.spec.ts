import type { Browser } from '@playwright/test';
import { expect, test } from './fixtures';

/** A browser whose requests come from `ip`: the test server trusts X-Forwarded-For, as behind a proxy. */
async function browserAt(browser: Browser, ip: string) {
  const context = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': ip } });
  await context.addInitScript(() => sessionStorage.setItem('homePopupsClosed', '1'));
  return context;
}

test('a login from a new address is confirmed with a code sent to the email on the account', async ({
  browser,
  request,
}) => {
  const username = `addr${Date.now().toString(36)}`;
  const email = `${username}@example.com`;
  const home = await browserAt(browser, '198.51.100.7');
  const page = await home.newPage();
  await page.goto('/register');
  const form = page.getByTestId('register-form');
  await form.getByLabel('Nome de usuário').fill(username);
  await form.getByLabel(/^Senha/).fill('Secret123');
  await form.getByLabel('Confirmar senha').fill('Secret123');
  await form.getByLabel('E-mail').fill(email);
  await form.getByLabel('Código de convite').fill('');
  await form.getByRole('checkbox').check();
  await form.getByRole('button', { name: 'Criar conta' }).click();
  await expect(page.getByTestId('member-account')).toHaveText(username);
  await home.close();

  const travel = await browserAt(browser, '198.51.100.8');
  const away = await travel.newPage();
  await away.goto('/login');
  const modal = away.getByTestId('account-modal');
  await modal.getByLabel('Nome de usuário').fill(username);
  await modal.getByLabel('Senha').fill('Secret123');
  await modal.getByRole('button', { name: 'Entrar', exact: true }).click();
  const step = away.getByTestId('new-address-form');
  await expect(step).toContainText('novo local');
  await expect(step.getByTestId('channel-email')).toHaveText(`a•••@example.com`);
  await step.getByTestId('sms-send').click();
  await expect(step.getByTestId('sms-send')).toHaveText(/Reenviar em \d+ s/);
  const res = await request.get(`/api/dev/outbox?recipient=${encodeURIComponent(email)}`);
  const { value } = (await res.json()) as { value: Array<{ body: string }> };
  const code = /(\d{6})/.exec(value[0]!.body)![1]!;
  await step.getByLabel('Código de verificação').fill(code);
  await step.getByRole('button', { name: 'Confirmar e entrar' }).click();
  await expect(away.getByTestId('member-account')).toHaveText(username);
  await travel.close();
});

test('a member with no mobile or email confirms a new address with the holder name of their bank account', async ({
  browser,
}) => {
  const username = `bank${Date.now().toString(36)}`;
  const home = await browserAt(browser, '198.51.100.17');
  const page = await home.newPage();
  await page.goto('/register');
  const form = page.getByTestId('register-form');
  await form.getByLabel('Nome de usuário').fill(username);
  await form.getByLabel(/^Senha/).fill('Secret123');
  await form.getByLabel('Confirmar senha').fill('Secret123');
  await form.getByLabel('Código de convite').fill('');
  await form.getByRole('checkbox').check();
  await form.getByRole('button', { name: 'Criar conta' }).click();
  await expect(page.getByTestId('member-account')).toHaveText(username);
  await page.getByTestId('my-account-link').click();
  const bank = page.getByTestId('account-bank-form');
  await bank.getByLabel('Banco').fill('Banco Demo');
  await bank.getByLabel('Titular').fill('José da Silva');
  await bank.getByLabel('Número da conta').fill('0001 2345-6');
  await bank.getByRole('button', { name: 'Adicionar conta' }).click();
  await expect(page.getByTestId('bank-list')).toContainText('Banco Demo');
  await home.close();

  const travel = await browserAt(browser, '198.51.100.18');
  const away = await travel.newPage();
  await away.goto('/login');
  const modal = away.getByTestId('account-modal');
  await modal.getByLabel('Nome de usuário').fill(username);
  await modal.getByLabel('Senha').fill('Secret123');
  await modal.getByRole('button', { name: 'Entrar', exact: true }).click();
  const step = away.getByTestId('new-address-form');
  await expect(step).toContainText('novo local');
  // No code can be sent anywhere: the holder name is the one way offered, and no name is shown.
  await expect(step.getByTestId('channel-holder')).toBeVisible();
  await expect(step.getByTestId('channel-email')).toHaveCount(0);
  await expect(step).not.toContainText('Silva');
  await step.getByLabel('Nome do titular da conta bancária').fill('Maria da Silva');
  await step.getByRole('button', { name: 'Confirmar e entrar' }).click();
  await expect(step.getByTestId('login-error')).toHaveAttribute('data-code', 'HOLDER_NAME_MISMATCH');
  await expect(step.getByTestId('login-error')).toContainText('não confere com o titular');
  // Case and accents aside, the name on the bank account opens the session.
  await step.getByLabel('Nome do titular da conta bancária').fill('jose da silva');
  await step.getByRole('button', { name: 'Confirmar e entrar' }).click();
  await expect(away.getByTestId('member-account')).toHaveText(username);
  await travel.close();
});
