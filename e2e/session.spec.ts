import type { Page } from '@playwright/test';
import { closePopups, expect, loginAs, test } from './fixtures';

async function logIn(page: Page, username: string, password: string) {
  const modal = page.getByTestId('account-modal');
  await modal.getByLabel('Nome de usuário').fill(username);
  await modal.getByLabel('Senha').fill(password);
  await modal.getByRole('button', { name: 'Entrar', exact: true }).click();
}

test.describe('logging in and out', () => {
  test('a member logs in from the header, keeps the session on reload, and logs out after confirming', async ({
    page,
  }) => {
    await page.goto('/');
    await closePopups(page);
    await page.getByTestId('site-header').getByRole('button', { name: 'Entrar' }).click();
    let sent = '';
    await page.route('**/wps/session/login', async (route) => {
      sent = route.request().postDataBuffer()?.toString() ?? '';
      await route.continue();
    });
    await logIn(page, 'demomember', 'Demo1234');
    await expect(page.getByTestId('member-account')).toHaveText('demomember');
    await expect(page.getByTestId('account-modal')).toBeHidden();
    // The login body travels sealed with the server's key: the password is not in it.
    expect(JSON.parse(sent)).toMatchObject({ enc: { v: 1 } });
    expect(sent).not.toContain('Demo1234');

    await page.reload();
    await expect(page.getByTestId('member-account')).toHaveText('demomember');

    await page.getByTestId('member-block').getByRole('button', { name: 'Sair' }).click();
    const confirm = page.getByTestId('logout-confirm');
    await expect(confirm).toContainText('Tem certeza');
    await confirm.getByRole('button', { name: 'Cancelar' }).click();
    await expect(page.getByTestId('member-account')).toHaveText('demomember');

    await page.getByTestId('member-block').getByRole('button', { name: 'Sair' }).click();
    await page.getByTestId('logout-confirm').getByRole('button', { name: 'Confirmar' }).click();
    await expect(page.getByTestId('member-block')).toBeHidden();
    await expect(page.getByTestId('site-header').getByRole('button', { name: 'Entrar' })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  });

  test('a wrong password says so, and the third failure brings a captcha', async ({ page }) => {
    await page.goto('/login');
    for (let attempt = 1; attempt <= 3; attempt++) {
      await logIn(page, 'demodownline', `wrong-${attempt}`);
      await expect(page.getByTestId('login-error')).toHaveAttribute('data-code', 'INVALID_CREDENTIALS');
    }
    await expect(page.getByTestId('login-error')).toContainText('Nome de usuário ou senha incorretos');
    await expect(page.getByTestId('captcha-image')).toBeVisible();
    await expect(page.getByTestId('captcha-image')).toHaveAttribute('src', /^data:image\/png;base64,/);
  });

  test('only agents log in on the agent page, and land on the agent home', async ({ page }) => {
    await page.goto('/agentHome');
    const form = page.getByTestId('agent-login-page');
    await form.getByLabel('Nome de usuário').fill('demomember');
    await form.getByLabel('Senha').fill('Demo1234');
    await form.getByRole('button', { name: 'Entrar', exact: true }).click();
    await expect(page.getByTestId('login-error')).toContainText('Apenas agentes podem entrar aqui');

    await form.getByLabel('Senha').fill('Agent1234');
    await form.getByLabel('Nome de usuário').fill('demoagent');
    await form.getByRole('button', { name: 'Entrar', exact: true }).click();
    await expect(page.getByTestId('agent-centre')).toBeVisible();
    await expect(page.getByTestId('member-account')).toHaveText('demoagent');
    await expect(page).toHaveURL(/\/agentHome\/agentTeamOverview$/);
  });
});

test('a member on the weak default password must change it, then is logged in and taken home', async ({
  page,
}) => {
  await page.goto('/help');
  await page.getByTestId('site-header').getByRole('button', { name: 'Entrar' }).click();
  await logIn(page, 'demoweak', 'Welcome123');
  const form = page.getByTestId('change-password-form');
  await expect(form).toContainText('precisa alterar sua senha');
  await form.getByLabel('Nova senha').fill('short');
  await form.getByLabel('Confirmar senha').fill('other');
  await form.getByRole('button', { name: 'Alterar senha' }).click();
  await expect(form).toContainText('8-20 caracteres com letras e números.');
  await expect(form).toContainText('A confirmação não confere');
  await form.getByLabel('Nova senha').fill('Stronger456');
  await form.getByLabel('Confirmar senha').fill('Stronger456');
  await form.getByRole('button', { name: 'Alterar senha' }).click();
  await expect(page.getByTestId('member-account')).toHaveText('demoweak');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('account-modal')).toBeHidden();
});

test('a visitor from an invitation link registers; a bad code gets the warning popup first', async ({
  page,
}) => {
  await page.goto('/?code=NOPE99');
  await closePopups(page);
  await page.getByTestId('site-header').getByRole('button', { name: 'Cadastre-se' }).click();
  const form = page.getByTestId('register-form');
  await expect(form.getByLabel('Código de convite')).toHaveValue('NOPE99');
  await form.getByLabel('Nome de usuário').fill('1bad');
  await form.getByRole('button', { name: 'Criar conta' }).click();
  await expect(form).toContainText('6-16 caracteres: comece com uma letra, depois letras ou números.');
  await expect(form).toContainText('Confirme sua idade e aceite os termos para continuar.');

  const username = `e2e${Date.now().toString(36)}`;
  await form.getByLabel('Nome de usuário').fill(username);
  await form.getByLabel(/^Senha/).fill('Secret123');
  await form.getByLabel('Confirmar senha').fill('Secret123');
  await form.getByRole('checkbox').check();
  await form.getByRole('button', { name: 'Criar conta' }).click();
  const warning = page.getByTestId('affiliate-warning');
  await expect(warning).toContainText('Código de convite inválido');
  await warning.getByRole('button', { name: 'Confirmar' }).click();

  await form.getByLabel('Código de convite').fill('AURORA01');
  await form.getByRole('button', { name: 'Criar conta' }).click();
  await expect(page.getByTestId('member-account')).toHaveText(username);
  await expect(page.getByTestId('account-modal')).toBeHidden();
});

test('free play starts a trial account that plays dice with trial money and is shown the way to a real account', async ({
  page,
}) => {
  await page.goto('/login');
  await page.getByTestId('free-play').click();
  await expect(page.getByTestId('member-block')).toContainText('Conta de demonstração');
  await expect(page.getByTestId('member-account')).toHaveText(/^trial\d{10}$/);
  // A first login brings the member popups (executions A and F).
  await expect(page.getByTestId('home-popups')).toContainText('Primeiro acesso');
  await closePopups(page);
  // The header shows the trial badge and the trial money (2.000,00), and no deposit button.
  const trialBalance = page.getByTestId('trial-balance');
  await expect(page.getByTestId('trial-badge')).toHaveText('Teste');
  await expect(trialBalance).toContainText('2.000,00');
  await expect(trialBalance).toHaveAttribute('aria-label', 'Saldo de teste: 2.000,00 FUN');
  await expect(page.getByTestId('deposit-button')).toHaveCount(0);

  // It plays dice with the trial money: the game's balance and the header's move by the bet's result.
  await page.goto('/originals/dice');
  await expect(page.getByTestId('og-balance')).toHaveText('2.000,00');
  await expect(page.locator('.og-balance')).toContainText('Saldo de teste: 2.000,00 FUN');
  await page.getByTestId('og-bet').click();
  const result = page.getByTestId('og-result');
  await expect(result).toHaveClass(/og-(win|loss)/);
  await expect(page.getByTestId('og-balance')).not.toHaveText('2.000,00');
  const after = (await page.getByTestId('og-balance').textContent()) ?? '';
  await expect(trialBalance).toContainText(after);
  await expect(page.getByTestId('need-real-account')).toHaveCount(0);

  // The trial wallet: its note, no top-up while the balance is high, and the way to a real account.
  await trialBalance.click();
  const wallet = page.getByTestId('trial-wallet');
  await expect(wallet.getByTestId('trial-wallet-balance')).toHaveText(`${after} FUN`);
  await expect(wallet).toContainText('não pode ser sacado nem transferido');
  await expect(wallet.getByTestId('trial-top-ups-left')).toContainText('Recargas restantes: 3');
  await expect(wallet.getByTestId('trial-top-up')).toBeDisabled();
  await wallet.getByTestId('trial-create-real').click();
  await expect(page.getByTestId('register-form')).toBeVisible();
});

test('a trial account is kept out of the member centre and keeps its trial balance', async ({ page }) => {
  await page.goto('/login');
  await page.getByTestId('free-play').click();
  await expect(page.getByTestId('trial-badge')).toBeVisible();
  await closePopups(page);
  await page.goto('/member/depositv2');
  // The member centre is for real accounts: the trial account lands on the home page.
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('trial-balance')).toContainText('2.000,00');
});

test('a guest who picks a game is asked to log in', async ({ page }) => {
  await page.goto('/rng');
  await page.getByTestId('category-page').getByRole('button').first().click();
  await expect(page.getByTestId('login-form')).toBeVisible();
});

test('remember me logs in with one click in a new browser, with no password kept in it', async ({
  page,
  browser,
}) => {
  await page.goto('/login');
  const modal = page.getByTestId('account-modal');
  await modal.getByLabel('Nome de usuário').fill('demomember');
  await modal.getByLabel('Senha').fill('Demo1234');
  await modal.getByLabel('Lembrar de mim').check();
  await modal.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page.getByTestId('member-account')).toHaveText('demomember');
  const state = await page.context().storageState();
  const remember = state.cookies.find((c) => c.name === 'remember');
  expect(remember).toMatchObject({ httpOnly: true, path: '/wps/session' });
  expect(JSON.stringify(state)).not.toContain('Demo1234');

  const other = await browser.newContext({ storageState: state });
  const fresh = await other.newPage();
  await fresh.goto('/login');
  const form = fresh.getByTestId('account-modal');
  await expect(form.getByLabel('Nome de usuário')).toHaveValue('demomember');
  await expect(form.getByLabel('Senha')).toHaveAttribute('placeholder', 'Salva neste navegador');
  await form.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(fresh.getByTestId('member-account')).toHaveText('demomember');
  await other.close();
});

test('two-step verification: turned on with an authenticator code, then asked for at the next login', async ({
  page,
}) => {
  const { Secret, TOTP } = await import('otpauth');
  const username = `tfa${Date.now().toString(36)}`;
  await page.goto('/register');
  const form = page.getByTestId('register-form');
  await form.getByLabel('Nome de usuário').fill(username);
  await form.getByLabel(/^Senha/).fill('Secret123');
  await form.getByLabel('Confirmar senha').fill('Secret123');
  await form.getByLabel('Código de convite').fill('');
  await form.getByRole('checkbox').check();
  await form.getByRole('button', { name: 'Criar conta' }).click();
  await expect(page.getByTestId('member-account')).toHaveText(username);
  await closePopups(page);

  await page.getByTestId('member-block').getByRole('button', { name: 'Segurança' }).click();
  const dialog = page.getByTestId('two-factor-dialog');
  await dialog.getByRole('button', { name: 'Ativar' }).click();
  const secret = await dialog.getByTestId('two-factor-secret').textContent();
  const app = new TOTP({ secret: Secret.fromBase32(secret!), digits: 6, period: 30 });
  await dialog.getByLabel('Código do aplicativo autenticador').fill(app.generate());
  await dialog.getByRole('button', { name: 'Confirmar e ativar' }).click();
  await expect(dialog.getByTestId('two-factor-state')).toHaveText(
    'A verificação em duas etapas está ativada.',
  );
  await dialog.getByRole('button', { name: 'Fechar' }).click();

  await page.getByTestId('member-block').getByRole('button', { name: 'Sair' }).click();
  await page.getByTestId('logout-confirm').getByRole('button', { name: 'Confirmar' }).click();
  await page.getByTestId('site-header').getByRole('button', { name: 'Entrar' }).click();
  const modal = page.getByTestId('account-modal');
  await modal.getByLabel('Nome de usuário').fill(username);
  await modal.getByLabel('Senha').fill('Secret123');
  await modal.getByRole('button', { name: 'Entrar', exact: true }).click();
  const step = page.getByTestId('two-factor-form');
  await expect(step).toContainText('Digite o código do seu aplicativo autenticador');
  // The code used to turn it on is spent; the next one is accepted.
  await step
    .getByLabel('Código do aplicativo autenticador')
    .fill(app.generate({ timestamp: Date.now() + 30_000 }));
  await step.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByTestId('member-account')).toHaveText(username);
});

test('a member picks a new picture and the header shows it at once', async ({ page }) => {
  await page.goto('/login');
  await logIn(page, 'demoagent', 'Agent1234');
  await expect(page.getByTestId('member-account')).toHaveText('demoagent');
  await closePopups(page);
  // The picture is changed from the avatar's member menu.
  await page.getByTestId('account-menu-toggle').click();
  await page.getByTestId('account-menu-panel').getByRole('button', { name: 'Alterar imagem' }).click();
  const picker = page.getByTestId('icon-picker');
  await expect(picker.getByRole('button', { pressed: true })).toHaveCount(1);
  await picker.getByRole('button', { name: 'Escolha sua imagem 5' }).click();
  await expect(picker).toBeHidden();
  await expect(page.getByTestId('member-avatar')).toHaveAttribute('src', '/art/icon/5.svg');
});

test('a login ended elsewhere closes the open page’s session without a reload', async ({ page }) => {
  await page.addInitScript(() => sessionStorage.setItem('homePopupsClosed', '1'));
  await loginAs(page, 'demomember', 'Demo1234');
  await page.goto('/member/transactionHistory');
  await expect(page.getByTestId('records-page')).toBeVisible();
  // Ended on the server, as a logout in another tab or a password change would end it.
  const token = await page.evaluate(() => sessionStorage.getItem('token'));
  const ended = await page.request.delete('/wps/session/logout', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(ended.ok()).toBe(true);
  const notice = page.getByTestId('session-expired');
  await expect(notice).toContainText('Sua sessão expirou ou foi iniciada em outro lugar.');
  await notice.getByRole('button', { name: 'Confirmar' }).click();
  await expect(page.getByTestId('site-header').getByRole('button', { name: 'Entrar' })).toBeVisible();
});

test('one session per browser: a new tab joins it, follows a login, and a logout in one tab ends it in all', async ({
  context,
  page,
}) => {
  await context.addInitScript(() => sessionStorage.setItem('homePopupsClosed', '1'));
  await loginAs(page, 'demomember', 'Demo1234');
  const token = await page.evaluate(() => sessionStorage.getItem('token'));

  // A new tab of the same browser: its own session storage is empty; it asks the open tab and joins.
  const second = await context.newPage();
  await second.goto('/member/transactionHistory');
  await expect(second.getByTestId('member-account')).toHaveText('demomember');
  await expect(second.getByTestId('records-page')).toBeVisible();
  expect(await second.evaluate(() => sessionStorage.getItem('token'))).toBe(token);
  expect(second.url()).not.toContain(token!);

  // Logging out in one tab logs out every tab.
  await second.getByTestId('member-block').getByRole('button', { name: 'Sair' }).click();
  await second.getByTestId('logout-confirm').getByRole('button', { name: 'Confirmar' }).click();
  for (const tab of [second, page]) {
    await expect(tab.getByTestId('member-block')).toBeHidden();
    await expect(tab.getByTestId('site-header').getByRole('button', { name: 'Entrar' })).toBeVisible();
    // The header may change a moment before the tab has forgotten the token: wait for it, as for the rest.
    await expect.poll(() => tab.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
  }
  // And a tab opened now finds no session to join.
  const third = await context.newPage();
  await third.goto('/');
  await expect(third.getByTestId('site-header').getByRole('button', { name: 'Entrar' })).toBeVisible();
  await third.close();

  // A login in one tab reaches the tab already open; the server ending it ends it in both.
  await page.getByTestId('site-header').getByRole('button', { name: 'Entrar' }).click();
  await logIn(page, 'demomember', 'Demo1234');
  await expect(page.getByTestId('member-account')).toHaveText('demomember');
  await expect(second.getByTestId('member-account')).toHaveText('demomember');
  const current = await page.evaluate(() => sessionStorage.getItem('token'));
  const ended = await page.request.delete('/wps/session/logout', {
    headers: { authorization: `Bearer ${current}` },
  });
  expect(ended.ok()).toBe(true);
  for (const tab of [page, second]) {
    await expect(tab.getByTestId('session-expired')).toBeVisible();
    await tab.getByTestId('session-expired').getByRole('button', { name: 'Confirmar' }).click();
    await expect(tab.getByTestId('site-header').getByRole('button', { name: 'Entrar' })).toBeVisible();
  }
  await second.close();
});
