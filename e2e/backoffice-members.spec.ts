import type { Page } from '@playwright/test';
import { expectNoSeriousViolations } from './axe';
import { expect, openBackoffice, registerMember, test, uniqueCpf } from './fixtures';

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => sessionStorage.setItem('homePopupsClosed', '1'));
});

/** Opens an action of the member page, gives its reason, and confirms it on the step naming the member. */
async function act(page: Page, action: string, member: string, reason: string, field = 'Motivo') {
  await page.getByRole('button', { name: action, exact: true }).click();
  const dialog = page.getByTestId('bo-member-dialog');
  await expect(dialog.getByRole('heading')).toHaveText(`${action}: ${member}`);
  await dialog.getByLabel(field).fill(reason);
  await dialog.getByRole('button', { name: 'Continuar' }).click();
  await expect(dialog.getByTestId('bo-confirm')).toContainText(
    `Confirmar “${action}” para o membro ${member}?`,
  );
  await dialog.getByRole('button', { name: `Sim, ${action}` }).click();
  await expect(dialog).toHaveCount(0);
}

test('an operator finds a member by CPF, locks them (their open page is logged out at once), unlocks them and adds a note', async ({
  page,
  browser,
}) => {
  // Two browsers, a registration and six confirmed steps on the embedded database.
  test.setTimeout(120_000);
  const username = await registerMember(page, 'bomem');
  // The member gives their identity, as the brand asks before a first withdrawal.
  await page.goto('/member/verification');
  const identity = page.getByTestId('identity-form');
  await identity.getByLabel('Nome completo').fill('Bruno Moraes');
  await identity.getByLabel('Data de nascimento').fill('1990-02-20');
  const cpf = uniqueCpf();
  await identity.getByLabel('CPF').fill(cpf);
  await identity.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByTestId('kyc-identity')).toContainText('Bruno Moraes');
  await page.goto('/member/transactionHistory');
  await expect(page.getByTestId('records-page')).toBeVisible();

  const bo = await openBackoffice(browser);
  await bo.page.getByRole('button', { name: 'Membros', exact: true }).click();
  const search = bo.page.getByTestId('bo-members');
  // Found by the CPF written the way a customer reads it out.
  await search
    .getByLabel('CPF', { exact: true })
    .fill(`${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`);
  await search.getByRole('button', { name: 'Buscar' }).click();
  const row = bo.page.getByTestId(`bo-member-row-${username}`);
  await expect(row).toContainText('Ativo');
  await expect(search).toContainText('1 membro encontrado');
  await expectNoSeriousViolations(bo.page, 'the back office member search');
  await row.getByRole('button', { name: username }).click();

  const member = bo.page.getByTestId('bo-member');
  await expect(member.getByRole('heading', { level: 2 })).toContainText(username);
  await member.getByRole('tab', { name: 'Logins e dispositivos' }).click();
  await expect(member.getByTestId('bo-member-tab-logins')).toContainText('Aberta');

  // The lock asks for a reason, then confirms naming the member; the member's open page ends with it.
  const locking = Date.now();
  await act(bo.page, 'Bloquear', username, 'Chargeback em análise');
  await expect(member.getByRole('heading', { level: 2 })).toContainText('Bloqueado');
  const notice = page.getByTestId('session-expired');
  await expect(notice).toBeVisible({ timeout: 5_000 });
  test
    .info()
    .annotations.push({ type: 'lock to logged-out page (ms)', description: String(Date.now() - locking) });
  await notice.getByRole('button', { name: 'Confirmar' }).click();
  await expect(page.getByTestId('site-header').getByRole('button', { name: 'Entrar' })).toBeVisible();
  await expect(member.getByTestId('bo-member-tab-logins')).not.toContainText('Aberta');

  await act(bo.page, 'Desbloquear', username, 'Banco confirmou o pagamento');
  await expect(member.getByRole('heading', { level: 2 })).toContainText('Ativo');

  await act(bo.page, 'Adicionar nota', username, 'Ligou pedindo o desbloqueio.', 'Nota');
  await member.getByRole('tab', { name: 'Notas' }).click();
  const notes = member.getByTestId('bo-member-tab-notes');
  await expect(notes).toContainText('Ligou pedindo o desbloqueio.');
  await expect(notes).toContainText('demoadmin');
  // A note is never edited: nothing on the page offers it.
  await expect(notes.getByRole('button')).toHaveCount(0);
  await expectNoSeriousViolations(bo.page, 'the back office member page');
  await bo.close();
});
