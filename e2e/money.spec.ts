import type { Page } from '@playwright/test';
import {
  depositThroughGateway,
  expect,
  loginAs,
  openBackoffice,
  prepareWithdrawal,
  registerMember,
  test,
  uniqueCpf,
} from './fixtures';

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => sessionStorage.setItem('homePopupsClosed', '1'));
});

/** Sets the payment password and the identity, and adds a PIX key (an e-mail) in the member's name. */
async function preparePixWithdrawal(page: Page, loginPassword: string, paymentPassword: string, key: string) {
  await page.goto('/member/withdraw');
  const password = page.getByTestId('payment-password-form');
  await password.getByLabel('Senha de acesso').fill(loginPassword);
  await password.getByLabel('Senha de pagamento (6 dígitos)').fill(paymentPassword);
  await password.getByRole('button', { name: 'Salvar' }).click();
  const identity = page.getByTestId('identity-form');
  await identity.getByLabel('Nome completo').fill('Demo Member');
  await identity.getByLabel('Data de nascimento').fill('1990-01-31');
  await identity.getByLabel('CPF').fill(uniqueCpf());
  await identity.getByRole('button', { name: 'Salvar' }).click();
  const payee = page.getByTestId('bank-account-form');
  await expect(payee.getByRole('radio', { name: 'Chave PIX' })).toBeChecked();
  await payee.getByLabel('Tipo de chave').selectOption('email');
  await payee.getByLabel('Titular').fill('Demo Member');
  const field = payee.getByRole('textbox', { name: 'Chave PIX' });
  await field.fill('pix.member@localhost');
  await payee.getByRole('button', { name: 'Adicionar conta' }).click();
  await expect(payee.getByRole('alert')).toHaveText('Confira a chave: ela não é um E-mail válido.');
  await field.fill(key);
  await payee.getByRole('button', { name: 'Adicionar conta' }).click();
  return page.getByTestId('withdraw-form');
}

/** The back office's confirmation: it names the member and the amount, and asks for the reason. */
async function confirmTask(page: Page, shows: string[], reason: string) {
  const dialog = page.getByTestId('bo-task');
  for (const text of shows) await expect(dialog).toContainText(text);
  await dialog.getByLabel(/Motivo/).fill(reason);
  await dialog.getByRole('button', { name: 'Confirmar' }).click();
  await expect(dialog).toHaveCount(0);
}

test('a new member deposits through the simulated gateway and sees the wallet credited', async ({ page }) => {
  await registerMember(page, 'pay');
  await page.getByTestId('deposit-button').click();
  const deposit = page.getByTestId('deposit-form');
  await expect(deposit.getByRole('radio', { name: /AuroraPay/ })).toBeChecked();
  await deposit.getByLabel(/^Valor/).fill('abc');
  await deposit.getByRole('button', { name: 'Continuar' }).click();
  await expect(deposit).toContainText('Digite um valor como 50 ou 50,00.');
  await deposit.getByLabel(/^Valor/).fill('1,00');
  await deposit.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByTestId('deposit-error')).toContainText('O mínimo para este método é 5,00 FUN.');

  await deposit.getByLabel(/^Valor/).fill('150,50');
  await deposit.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByTestId('gateway-amount')).toHaveText('150,50 FUN');
  await page.getByRole('button', { name: 'Pagar agora' }).click();

  await expect(page).toHaveURL(/\/member\/depositv2\?deposit=D/);
  const status = page.getByTestId('deposit-status');
  await expect(status).toHaveAttribute('data-status', 'credited');
  await expect(status).toContainText('Creditado');

  await page.getByTestId('member-centre').getByRole('link', { name: 'Carteira' }).click();
  await expect(page.getByTestId('wallet-main')).toContainText('150,50');

  await page.getByTestId('member-centre').getByRole('link', { name: 'Extrato' }).click();
  const line = page.getByTestId('record-line').first();
  await expect(line).toHaveAttribute('data-type', 'deposit');
  await expect(line).toContainText('+150,50');
  await page.getByRole('button', { name: 'Aposta' }).click();
  await expect(page.getByTestId('records-page')).toContainText('Nenhum registro para este filtro.');
});

test('a bank transfer deposit shows where to pay and the reference, and can be cancelled', async ({
  page,
}) => {
  await loginAs(page, 'demoagent', 'Agent1234');
  await page.goto('/member/depositv2');
  const deposit = page.getByTestId('deposit-form');
  await deposit.getByRole('radio', { name: 'Transferência PIX' }).check();
  await deposit.getByRole('button', { name: '100,00' }).click();
  await deposit.getByRole('button', { name: 'Continuar' }).click();
  const status = page.getByTestId('deposit-status');
  await expect(status).toHaveAttribute('data-status', 'pending');
  await expect(status).toContainText('pagamentos@aurora.example');
  await expect(page.getByTestId('deposit-reference')).toHaveText(/^D[A-Z0-9]{9}$/);
  await status.getByRole('button', { name: 'Cancelar depósito' }).click();
  await expect(status).toHaveAttribute('data-status', 'cancelled');
});

test('a member withdraws, an operator approves it in the back office, the member confirms receipt', async ({
  page,
  browser,
}) => {
  await registerMember(page, 'wd');
  await depositThroughGateway(page, '300');

  const request = await prepareWithdrawal(page, 'Secret123', '135790', '0001-99887766');
  await request.getByLabel(/^Valor/).fill('100,00');
  await request.getByLabel('Senha de pagamento (6 dígitos)').fill('135790');
  await request.getByRole('button', { name: 'Sacar' }).click();
  const done = page.getByTestId('withdraw-requested');
  await expect(done).toContainText('fica retido');
  const reference = /W[A-Z0-9]{9}/.exec((await done.textContent()) ?? '')![0];
  await expect(page.getByTestId(`withdrawal-${reference}`)).toHaveAttribute('data-status', 'pending');

  const office = await openBackoffice(browser);
  await office.page.getByRole('button', { name: 'Saques', exact: true }).click();
  const row = office.page.getByTestId(`bo-withdrawal-${reference}`);
  await expect(row).toContainText('0001-99887766');
  await row.getByRole('button', { name: 'Aprovar e pagar' }).click();
  await confirmTask(office.page, ['100,00'], 'Conta conferida');
  await expect(row).toBeHidden();
  await office.close();

  // The member confirms receipt; the record shows every step.
  const item = page.getByTestId(`withdrawal-${reference}`);
  await expect(item).toHaveAttribute('data-status', 'paid');
  await item.getByRole('button', { name: 'Recebido', exact: true }).click();
  await expect(item).toHaveAttribute('data-status', 'received');

  await page.getByTestId('member-centre').getByRole('link', { name: 'Extrato' }).click();
  await expect(page.getByTestId('record-line').first()).toHaveAttribute('data-type', 'withdrawal');
  await expect(page.getByTestId('records-page')).toContainText('-100,00');
  await expect(page.getByTestId('records-page')).toContainText('+300,00');
  await page.getByTestId('member-centre').getByRole('link', { name: 'Carteira' }).click();
  await expect(page.getByTestId('wallet-main')).toContainText('200,00');
});

test('a bank transfer confirmed in the back office raises the balance live, without a reload', async ({
  page,
  browser,
}) => {
  const username = await registerMember(page, 'live');
  await expect(page.getByTestId('header-balance')).toHaveText('0,00 FUN');

  await page.getByTestId('deposit-button').click();
  const deposit = page.getByTestId('deposit-form');
  await deposit.getByRole('radio', { name: 'Transferência PIX' }).check();
  await deposit.getByLabel(/^Valor/).fill('75,25');
  await deposit.getByRole('button', { name: 'Continuar' }).click();
  const reference = (await page.getByTestId('deposit-reference').textContent())!;

  const office = await openBackoffice(browser, 'demofinance', 'Finance12345');
  const row = office.page.getByTestId(`bo-deposit-${reference}`);
  await expect(row).toContainText(username);
  await row.getByRole('button', { name: 'Confirmar' }).click();
  await confirmTask(office.page, [username, '75,25'], 'Transferência no extrato');
  await expect(row).toBeHidden();
  await office.close();

  // The member's page did not reload: the socket pushed the new balance and the status.
  await expect(page.getByTestId('header-balance')).toHaveText('75,25 FUN');
  await expect(page.getByTestId('deposit-status')).toHaveAttribute('data-status', 'credited');
});

test('a payment that did not arrive: the member sends a picture, the operator sees it and refunds', async ({
  page,
  browser,
}) => {
  await registerMember(page, 'np');
  await depositThroughGateway(page, '200');
  const request = await prepareWithdrawal(page, 'Secret123', '246802', '0002-11223344');
  await request.getByLabel(/^Valor/).fill('80');
  await request.getByLabel('Senha de pagamento (6 dígitos)').fill('246802');
  await request.getByRole('button', { name: 'Sacar' }).click();
  const reference = /W[A-Z0-9]{9}/.exec(
    (await page.getByTestId('withdraw-requested').textContent()) ?? '',
  )![0];

  const office = await openBackoffice(browser);
  await office.page.getByRole('button', { name: 'Saques', exact: true }).click();
  await office.page
    .getByTestId(`bo-withdrawal-${reference}`)
    .getByRole('button', { name: 'Aprovar e pagar' })
    .click();
  await confirmTask(office.page, ['80,00'], 'Conta conferida');
  await expect(office.page.getByTestId(`bo-withdrawal-${reference}`)).toBeHidden();

  // The payment shows as paid live; the member says it did not arrive, with a picture.
  const item = page.getByTestId(`withdrawal-${reference}`);
  await expect(item).toHaveAttribute('data-status', 'paid');
  await item.getByLabel('O que aparece na sua conta?').fill('Nada chegou à conta 0002-11223344');
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  );
  await item
    .getByTestId('proof-files')
    .setInputFiles({ name: 'extrato.png', mimeType: 'image/png', buffer: png });
  await item.getByRole('button', { name: 'Não recebido' }).click();
  await expect(item).toHaveAttribute('data-status', 'disputed');
  await expect(page.getByTestId('header-balance')).toHaveText('120,00 FUN');

  await office.page.getByRole('button', { name: 'Em disputa' }).click();
  const disputed = office.page.getByTestId(`bo-withdrawal-${reference}`);
  await expect(disputed).toContainText('Nada chegou à conta');
  await expect(disputed.locator('.bo-proofs img')).toHaveCount(1);
  await disputed.getByRole('button', { name: 'Estornar' }).click();
  await confirmTask(office.page, ['80,00'], 'Comprovante conferido');
  await expect(disputed).toBeHidden();
  await office.close();

  await expect(item).toHaveAttribute('data-status', 'refunded');
  await expect(page.getByTestId('header-balance')).toHaveText('200,00 FUN');
});

test('a PIX withdrawal at the four-eyes threshold is paid only when a second operator approves it', async ({
  page,
  browser,
}) => {
  await registerMember(page, 'big');
  await depositThroughGateway(page, '1500');
  const key = `pix.${Date.now()}@exemplo.com`;
  const request = await preparePixWithdrawal(page, 'Secret123', '135791', key);
  await expect(request.getByLabel('Pagar para')).toContainText(
    'PIX (E-mail) · Demo Member · pi***@exemplo.com',
  );
  await request.getByLabel(/^Valor/).fill('1.000,00');
  await request.getByLabel('Senha de pagamento (6 dígitos)').fill('135791');
  await request.getByRole('button', { name: 'Sacar' }).click();
  const reference = /W[A-Z0-9]{9}/.exec(
    (await page.getByTestId('withdraw-requested').textContent()) ?? '',
  )![0];

  // The first operator's approval files a request; nothing is paid, and it cannot approve its own.
  const admin = await openBackoffice(browser);
  await admin.page.getByRole('button', { name: 'Saques', exact: true }).click();
  const row = admin.page.getByTestId(`bo-withdrawal-${reference}`);
  await expect(row).toContainText(`PIX (E-mail) · ${key} · Demo Member`);
  await row.getByRole('button', { name: 'Aprovar e pagar' }).click();
  await confirmTask(admin.page, ['1.000,00', key], 'Chave conferida');
  await expect(admin.page.getByTestId('bo-withdrawals').getByRole('status')).toContainText(
    'Enviado para a aprovação de outro operador',
  );
  await expect(row.getByTestId('bo-awaiting-approval')).toBeVisible();
  await expect(row.getByRole('button', { name: 'Aprovar e pagar' })).toHaveCount(0);
  await admin.page.getByRole('button', { name: 'Aprovações' }).click();
  const own = admin.page.getByTestId('bo-approvals').locator(`tr[data-target="${reference}"]`);
  await expect(own).toContainText('Pedido seu: outro operador precisa aprovar.');
  await admin.close();
  await expect(page.getByTestId(`withdrawal-${reference}`)).toHaveAttribute('data-status', 'pending');

  // A second operator approves: the money goes now, and the member sees it paid.
  const finance = await openBackoffice(browser, 'demofinance', 'Finance12345');
  await finance.page.getByRole('button', { name: 'Aprovações' }).click();
  const waiting = finance.page.getByTestId('bo-approvals').locator(`tr[data-target="${reference}"]`);
  await expect(waiting).toContainText('demoadmin');
  await waiting.getByRole('button', { name: 'Aprovar' }).click();
  await confirmTask(
    finance.page,
    [reference, '1.000,00', 'demoadmin'],
    'Segundo olhar: conta e valor conferidos',
  );
  await expect(waiting).toHaveCount(0);
  await finance.page.getByRole('button', { name: 'Aprovados' }).click();
  await expect(
    finance.page.getByTestId('bo-approvals').locator(`tr[data-target="${reference}"]`),
  ).toContainText('demofinance');
  await finance.close();
  await expect(page.getByTestId(`withdrawal-${reference}`)).toHaveAttribute('data-status', 'paid');
});
