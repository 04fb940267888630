import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => sessionStorage.setItem('homePopupsClosed', '1'));
});

/** The demo keeps every SMS and email in its outbox; a test reads it as a person reads their phone. */
async function lastMessage(request: APIRequestContext, recipient: string) {
  const res = await request.get(`/api/dev/outbox?recipient=${encodeURIComponent(recipient)}`);
  const { value } = (await res.json()) as { value: Array<{ body: string }> };
  return value[0]!.body;
}

test('registers by mobile with the code read from the outbox; the number becomes the username', async ({
  page,
  request,
}) => {
  await page.goto('/register');
  const modal = page.getByTestId('account-modal');
  await modal.getByRole('tab', { name: 'Celular' }).click();
  const form = page.getByTestId('register-mobile-form');
  const number = `2198${String(Date.now()).slice(-7)}`;
  await form.getByLabel('Número de celular').fill(number);
  await form.getByTestId('sms-send').click();
  await expect(form.getByTestId('sms-send')).toHaveText(/Reenviar em \d+ s/);
  const code = /(\d{6})/.exec(await lastMessage(request, `55${number}`))![1]!;
  await form.getByLabel('Código de verificação').fill(code);
  await form.getByLabel(/^Senha/).fill('Mobile1234');
  await form.getByLabel('Confirmar senha').fill('Mobile1234');
  await form.getByRole('checkbox').check();
  await form.getByRole('button', { name: 'Criar conta' }).click();
  await expect(page.getByTestId('member-account')).toHaveText(number);
});

test('logs in by sms code', async ({ page, request }) => {
  await page.goto('/login');
  await page.getByTestId('account-modal').getByRole('tab', { name: 'SMS' }).click();
  const form = page.getByTestId('sms-login-form');
  await form.getByLabel('Número de celular').fill('11987654321');
  await form.getByTestId('sms-send').click();
  await expect(form.getByTestId('sms-send')).toHaveText(/Reenviar em \d+ s/);
  const code = /(\d{6})/.exec(await lastMessage(request, '5511987654321'))![1]!;
  await form.getByLabel('Código SMS').fill(code);
  await form.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page.getByTestId('member-account')).toHaveText('demomember');
});

test('recovers a password by email with the code it sends; nothing changes before', async ({
  page,
  request,
}) => {
  await page.goto('/login');
  await page.getByTestId('account-modal').getByRole('button', { name: 'Esqueceu a senha?' }).click();
  const panel = page.getByTestId('forgot-password');
  await panel.getByLabel('Nome de usuário').fill('demodownline');
  await panel.getByLabel('E-mail').fill('downline@aurora.example');
  await panel.getByRole('button', { name: 'Enviar' }).click();
  const step = page.getByTestId('forgot-email-code');
  await expect(step).toContainText('downline@aurora.example');

  const code = /(\d{6})/.exec(await lastMessage(request, 'downline@aurora.example'))![1]!;
  await step.getByLabel('Código do e-mail').fill(code);
  await step.getByLabel('Nova senha').fill('Downline789');
  await step.getByRole('button', { name: 'Definir nova senha' }).click();
  await expect(page.getByTestId('forgot-confirmation')).toContainText('Senha alterada');
  await page.getByTestId('forgot-confirmation').getByRole('button', { name: 'Confirmar' }).click();

  const modal = page.getByTestId('account-modal');
  await modal.getByLabel('Nome de usuário').fill('demodownline');
  await modal.getByLabel('Senha').fill('Downline789');
  await modal.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page.getByTestId('member-account')).toHaveText('demodownline');
});

test('recovers a password by phone with an sms code', async ({ page, request }) => {
  await page.goto('/login');
  await page.getByTestId('account-modal').getByRole('button', { name: 'Esqueceu a senha?' }).click();
  const panel = page.getByTestId('forgot-password');
  await panel.getByRole('tab', { name: 'Por celular' }).click();
  await panel.getByLabel('Número de celular').fill('11900000003');
  await panel.getByTestId('sms-send').click();
  await expect(panel.getByTestId('sms-send')).toHaveText(/Reenviar em \d+ s/);
  const code = /(\d{6})/.exec(await lastMessage(request, '5511900000003'))![1]!;
  await panel.getByLabel('Código SMS').fill(code);
  await panel.getByLabel('Nova senha').fill('AgentNew123');
  await panel.getByRole('button', { name: 'Definir nova senha' }).click();
  await expect(page.getByTestId('forgot-confirmation')).toContainText('Senha alterada');
  await page.getByTestId('forgot-confirmation').getByRole('button', { name: 'Confirmar' }).click();

  const modal = page.getByTestId('account-modal');
  await modal.getByLabel('Nome de usuário').fill('demoexpired');
  await modal.getByLabel('Senha').fill('AgentNew123');
  await modal.getByRole('button', { name: 'Entrar', exact: true }).click();
  // A password set by phone is new: no forced change follows.
  await expect(page.getByTestId('member-account')).toHaveText('demoexpired');
});
