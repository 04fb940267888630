import { Secret, TOTP } from 'otpauth';
import { expect, registerMember, test } from './fixtures';

// The walks below start logged in on a fresh account; the guest popups would only cover the page.
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => sessionStorage.setItem('homePopupsClosed', '1'));
});

test('Minha conta: the last login with its IP, a new password, then two-step verification at the next login', async ({
  page,
}) => {
  const username = await registerMember(page, 'acct');
  await page.getByTestId('my-account-link').click();
  await expect(page).toHaveURL(/\/member\/securityCenter$/);
  const account = page.getByTestId('account-page');

  // The profile and the last login, with the address it came from (the browser's own here).
  await expect(account.getByTestId('profile-username')).toHaveText(username);
  await expect(account.getByTestId('profile-last-login')).toContainText('IP 127.0.0.1');
  const latest = account.getByTestId('login-entry').first();
  await expect(latest).toHaveAttribute('data-current', 'true');
  await expect(latest).toContainText('Esta sessão');
  await expect(latest.getByTestId('login-ip')).toHaveText('IP 127.0.0.1');
  await expect(latest).toContainText('Chrome');

  // A chosen password change: this session carries on under a new login, the others end.
  const password = account.getByTestId('account-password');
  await password.getByRole('button', { name: 'Alterar senha' }).click();
  const form = password.getByTestId('change-password-form');
  await form.locator('input[name="oldPassword"]').fill('Secret123');
  await form.locator('input[name="newPassword"]').fill('short');
  await form.locator('input[name="confirmNewPassword"]').fill('Changed456');
  await form.locator('button[type="submit"]').click();
  await expect(form.getByRole('alert').first()).toBeVisible();
  await form.locator('input[name="newPassword"]').fill('Changed456');
  await form.locator('button[type="submit"]').click();
  await expect(password.getByTestId('password-changed')).toHaveText(
    'Senha alterada. As outras sessões foram encerradas.',
  );
  await expect(page.getByTestId('member-account')).toHaveText(username);
  await expect(account.getByTestId('login-entry').first()).toContainText('Troca de senha');
  await expect(account.getByTestId('login-entry').nth(1)).toContainText('Encerrada');

  // Two-step verification: a secret to scan, a wrong code refused with its reason, the right one accepted.
  const twoStep = account.getByTestId('account-two-factor');
  await twoStep.getByTestId('two-factor-start').click();
  const secret = (await twoStep.getByTestId('two-factor-secret').textContent())!.trim();
  const app = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 });
  await twoStep.getByTestId('two-factor-code').fill('12ab');
  await twoStep.getByTestId('two-factor-submit').click();
  await expect(twoStep).toContainText('Digite os 6 dígitos do aplicativo autenticador.');
  await twoStep.getByTestId('two-factor-code').fill(app.generate());
  await twoStep.getByTestId('two-factor-submit').click();
  await expect(twoStep.getByTestId('two-factor-state')).toHaveAttribute('data-enabled', 'true');

  // The next login takes the new password, then a code from the app.
  await page.getByTestId('member-block').getByRole('button', { name: 'Sair' }).click();
  await page.getByTestId('logout-confirm').getByRole('button', { name: 'Confirmar' }).click();
  await page.goto('/login');
  const login = page.getByTestId('login-form');
  await login.locator('input[name="username"]').fill(username);
  await login.locator('input[name="password"]').fill('Changed456');
  await login.locator('button[type="submit"]').click();
  const step = page.getByTestId('two-factor-form');
  await step.locator('input[name="code"]').fill(app.generate({ timestamp: Date.now() + 30_000 }));
  await step.locator('button[type="submit"]').click();
  await expect(page.getByTestId('member-account')).toHaveText(username);
});

test('Minha conta on a phone: reached from the side menu, payment password and a bank account set there', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await registerMember(page, 'acctph');
  await page.getByTestId('side-menu-toggle').click();
  await page.getByTestId('side-menu').getByRole('link', { name: 'Minha conta' }).click();
  const account = page.getByTestId('account-page');
  await expect(account.getByTestId('login-entry').first()).toContainText('IP 127.0.0.1');

  const payment = account.getByTestId('account-payment-password-form');
  await payment.getByLabel('Senha de acesso').fill('Secret123');
  await payment.getByLabel('Nova senha de pagamento (6 dígitos)').fill('246810');
  await payment.getByLabel('Confirme a nova senha de pagamento').fill('246810');
  await payment.getByRole('button', { name: 'Salvar' }).click();
  await expect(account.getByTestId('payment-password-saved')).toBeVisible();
  // Now it is changed with the current one, and a wrong current one is refused with its reason.
  const change = account.getByTestId('account-payment-password-form');
  await expect(change.getByLabel('Senha de pagamento atual')).toBeVisible();
  await change.getByLabel('Senha de pagamento atual').fill('111111');
  await change.getByLabel('Nova senha de pagamento (6 dígitos)').fill('135790');
  await change.getByLabel('Confirme a nova senha de pagamento').fill('135790');
  await change.getByRole('button', { name: 'Salvar' }).click();
  await expect(change.getByTestId('payment-password-error')).toHaveAttribute(
    'data-code',
    'PAYMENT_PASSWORD_WRONG',
  );

  const bank = account.getByTestId('account-bank-form');
  await bank.getByLabel('Banco').fill('Banco Demo');
  await bank.getByLabel('Titular').fill('Demo Member');
  await bank.getByLabel('Número da conta').fill('0001 2345-6');
  await bank.getByRole('button', { name: 'Adicionar conta' }).click();
  await expect(account.getByTestId('bank-list')).toContainText('Banco Demo');
  await expect(account.getByTestId('bank-list')).toContainText('•••• 45-6');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
