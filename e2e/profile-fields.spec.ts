import { expect, test } from './fixtures';

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => sessionStorage.setItem('homePopupsClosed', '1'));
});

test('registration asks for the contact fields the brand turns on (WhatsApp and LINE, optional), checks them, and the profile shows them', async ({
  page,
}) => {
  const username = `reg${Date.now().toString(36)}`;
  await page.goto('/register');
  const form = page.getByTestId('register-form');
  // Optional: no asterisk, and the account can be made without them.
  await expect(form.getByText('WhatsApp', { exact: true })).toBeVisible();
  await expect(form.getByText('Line', { exact: true })).toBeVisible();
  await form.getByLabel('Nome de usuário').fill(username);
  await form.getByLabel(/^Senha/).fill('Secret123');
  await form.getByLabel('Confirmar senha').fill('Secret123');
  await form.getByLabel('Código de convite').fill('');
  // A WhatsApp number with letters breaks the brand's rule (digits, 8-15).
  await form.getByLabel('WhatsApp').fill('11 9876-ABCD');
  await form.getByLabel('Line').fill('sortudo.line');
  await form.getByRole('checkbox').check();
  await form.getByRole('button', { name: 'Criar conta' }).click();
  const whatsapp = form.locator('label.field', { hasText: 'WhatsApp' });
  await expect(whatsapp.getByRole('alert')).toContainText('8-15');
  await expect(page.getByTestId('member-account')).toHaveCount(0);
  await form.getByLabel('WhatsApp').fill('5511987654321');
  await form.getByRole('button', { name: 'Criar conta' }).click();
  await expect(page.getByTestId('member-account')).toHaveText(username);

  await page.getByTestId('my-account-link').click();
  const profile = page.getByTestId('account-profile');
  await expect(profile.getByTestId('profile-whatsapp')).toHaveText('5511987654321');
  await expect(profile.getByTestId('profile-line')).toHaveText('sortudo.line');
  await expect(profile.getByTestId('profile-facebook')).toHaveCount(0);
});

test('Minha conta: birthday and nationality given once, address and contacts changed freely, each field checked', async ({
  page,
}) => {
  const username = `prof${Date.now().toString(36)}`;
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

  const profile = page.getByTestId('account-profile');
  await expect(profile.getByTestId('profile-birthday')).toHaveText('Não informado');
  await profile.getByRole('button', { name: 'Editar' }).click();
  const edit = profile.getByTestId('profile-form');
  // Under 18 and a Zalo that is not a phone number: refused, each with its reason, nothing saved.
  const young = `${new Date().getFullYear() - 10}-05-01`;
  await edit.getByLabel('Data de nascimento').fill(young);
  await edit.getByLabel('Nacionalidade').selectOption({ label: 'Brasil' });
  await edit.getByLabel('Zalo').fill('zalo-me');
  await edit.getByRole('button', { name: 'Salvar' }).click();
  await expect(edit.locator('label.field', { hasText: 'Data de nascimento' }).getByRole('alert')).toHaveText(
    'É preciso ter 18 anos ou mais para jogar.',
  );
  await expect(edit.locator('label.field', { hasText: 'Zalo' }).getByRole('alert')).toContainText('Zalo');

  await edit.getByLabel('Data de nascimento').fill('1990-02-28');
  await edit.getByLabel('Zalo').fill('+84901234567');
  await edit.getByLabel('Endereço').fill('Rua das Flores, 12, São Paulo');
  await edit.getByLabel('Telegram').fill('@sortudo_90');
  await edit.getByRole('button', { name: 'Salvar' }).click();
  await expect(profile.getByText('Perfil salvo.')).toBeVisible();
  // The birthday in the page's date format, the country by its name in Portuguese.
  await expect(profile.getByTestId('profile-birthday')).toHaveText('28/02/1990');
  await expect(profile.getByTestId('profile-nationality')).toHaveText('Brasil');
  await expect(profile.getByTestId('profile-address')).toHaveText('Rua das Flores, 12, São Paulo');
  await expect(profile.getByTestId('profile-telegram')).toHaveText('@sortudo_90');
  await expect(profile.getByTestId('profile-zalo')).toHaveText('+84901234567');

  // Given once: the form shows them read-only now; the contacts still change, and an empty one clears.
  await profile.getByRole('button', { name: 'Editar' }).click();
  await expect(edit.getByTestId('birthday-locked')).toContainText('28/02/1990');
  await expect(edit.getByTestId('nationality-locked')).toContainText('Brasil');
  await expect(edit.getByLabel('Data de nascimento')).toHaveCount(0);
  await edit.getByLabel('Zalo').fill('');
  await edit.getByLabel('Telegram').fill('sortudo_novo');
  await edit.getByRole('button', { name: 'Salvar' }).click();
  await expect(profile.getByTestId('profile-telegram')).toHaveText('sortudo_novo');
  await expect(profile.getByTestId('profile-zalo')).toHaveText('Não informado');
  await expect(profile.getByTestId('profile-birthday')).toHaveText('28/02/1990');

  // In English the country is named in English.
  await page.getByTestId('language-select').selectOption('en');
  await expect(profile.getByTestId('profile-nationality')).toHaveText('Brazil');
  await expect(profile.getByTestId('profile-birthday')).toHaveText('1990-02-28');
});
