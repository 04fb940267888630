import { expect, openBackoffice, test } from './fixtures';

/**
 * Third-party sign-in (spec 4.2) on a phone: the demo's "Aurora Demo ID" (served by the demo provider
 * process, demo mode only) stands in for Google or Facebook. No token or code ever shows in the address.
 */
test.describe('signing in with a third-party provider', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => sessionStorage.setItem('homePopupsClosed', '1'));
  });

  test('a visitor signs in with Aurora Demo ID, and the same name is the same account next time', async ({
    page,
    browser,
  }) => {
    const name = `Maria ${Date.now().toString(36)}`;
    await page.goto('/login');
    const modal = page.getByTestId('account-modal');
    const button = modal.getByRole('link', { name: 'Entrar com Aurora Demo ID' });
    await expect(button).toBeVisible();
    await button.click();

    // The provider's own page, clearly a demo.
    await expect(page.getByRole('heading', { name: 'Aurora Demo ID' })).toBeVisible();
    await expect(page.getByRole('note')).toContainText('DEMONSTRAÇÃO');
    await page.getByLabel('Seu nome de exibição').fill(name);
    await page.getByRole('button', { name: 'Aprovar e entrar' }).click();

    // Back on the site, logged in, without the marker (nor any token or code) in the address.
    const account = page.getByTestId('member-account');
    await expect(account).toHaveText(/^aurora\d{8}$/);
    const username = await account.textContent();
    expect(new URL(page.url()).search).toBe('');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // Another browser, the same name: the same account.
    const other = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
    const again = await other.newPage();
    await again.addInitScript(() => sessionStorage.setItem('homePopupsClosed', '1'));
    await again.goto('/login');
    await again.getByTestId('account-modal').getByRole('link', { name: 'Entrar com Aurora Demo ID' }).click();
    await again.getByLabel('Seu nome de exibição').fill(name);
    await again.getByRole('button', { name: 'Aprovar e entrar' }).click();
    await expect(again.getByTestId('member-account')).toHaveText(username!);
    await other.close();
  });

  test('a visitor registers by mobile, the number verified at Aurora Demo ID in its own window instead of an SMS code', async ({
    page,
  }) => {
    const number = `2197${String(Date.now()).slice(-7)}`;
    await page.goto('/register');
    const modal = page.getByTestId('account-modal');
    await modal.getByRole('tab', { name: 'Celular' }).click();
    const form = page.getByTestId('register-mobile-form');
    // The SMS code stays offered; the provider is the other way.
    await expect(form.getByLabel('Código de verificação')).toBeVisible();
    const opened = page.waitForEvent('popup');
    await form.getByRole('button', { name: 'Verificar com Aurora Demo ID' }).click();
    await expect(form.getByRole('status')).toContainText('Confirme o número na janela de Aurora Demo ID');
    const popup = await opened;
    await expect(popup.getByRole('note')).toContainText('DEMONSTRAÇÃO');
    await expect(popup.getByText('nenhum SMS é enviado')).toBeVisible();
    await popup.getByLabel('Seu celular, com o código do país').fill(`+55 ${number}`);
    await popup.getByRole('button', { name: 'Confirmar número' }).click();
    // The window tells the form and closes itself.
    await popup.waitForEvent('close');

    await expect(form.getByTestId('phone-verified-number')).toContainText(
      `+55 ${number} verificado por Aurora Demo ID`,
    );
    await expect(form.getByLabel('Código de verificação')).toBeHidden();
    await form.getByLabel(/^Senha/).fill('Mobile1234');
    await form.getByLabel('Confirmar senha').fill('Mobile1234');
    await form.getByRole('checkbox').check();
    await form.getByRole('button', { name: 'Criar conta' }).click();
    await expect(page.getByTestId('member-account')).toHaveText(number);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  test('a visitor who cancels at the provider is told so, in the page language', async ({ page }) => {
    await page.goto('/register');
    await page.getByTestId('account-modal').getByRole('link', { name: 'Entrar com Aurora Demo ID' }).click();
    await page.getByRole('button', { name: 'Cancelar' }).click();
    const notice = page.getByTestId('sign-in-failed');
    await expect(notice).toContainText('Não foi possível entrar');
    await expect(notice).toContainText('A entrada foi cancelada no provedor.');
    expect(new URL(page.url()).search).toBe('');
    await notice.getByRole('button', { name: 'Confirmar' }).click();
    await expect(notice).toBeHidden();
    await expect(page.getByTestId('member-account')).toBeHidden();
  });
});

test('an operator turns a sign-in provider off and on in the back office; the buttons follow', async ({
  page,
  browser,
}) => {
  const office = await openBackoffice(browser);
  await office.page.getByRole('button', { name: 'Login social' }).click();
  const row = office.page.getByTestId('bo-identity-aurora-demo');
  await expect(row).toContainText('Aurora Demo ID');
  await expect(row).toContainText('Segredo salvo');
  await expect(office.page.getByTestId('bo-identity')).toContainText('/api/auth/oidc/callback');
  await row.getByRole('button', { name: 'Desativar Aurora Demo ID' }).click();
  // The login buttons change for players: confirmed first, with the state before and after.
  const dialog = office.page.getByTestId('bo-task');
  await expect(dialog).toContainText('Aurora Demo ID');
  await dialog.getByRole('button', { name: 'Confirmar' }).click();
  await expect(row).toContainText('Desativado');

  await page.addInitScript(() => sessionStorage.setItem('homePopupsClosed', '1'));
  await page.goto('/login');
  await expect(page.getByTestId('account-modal').getByLabel('Nome de usuário')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Entrar com Aurora Demo ID' })).toHaveCount(0);

  // The secret is never shown, even in the edit form; editing without typing one keeps it.
  await row.getByRole('button', { name: 'Editar Aurora Demo ID' }).click();
  const form = office.page.getByTestId('bo-identity-form');
  await expect(form.getByLabel('Client secret')).toHaveValue('');
  await form.getByLabel('Ativo').check();
  await form.getByRole('button', { name: 'Salvar' }).click();
  await expect(dialog).toContainText('Segredo mantido');
  await dialog.getByRole('button', { name: 'Confirmar' }).click();
  await expect(row).toContainText('Ativo');
  await office.page.getByRole('button', { name: 'Auditoria' }).click();
  await expect(
    office.page.getByTestId('bo-audit').locator('tr[data-action="identity_provider_save"]').first(),
  ).toContainText('Provedor de login salvo');
  await office.close();

  await page.goto('/login');
  await expect(page.getByRole('link', { name: 'Entrar com Aurora Demo ID' })).toBeVisible();
});
