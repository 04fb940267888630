import { expectNoSeriousViolations } from './axe';
import { expect, openBackoffice, registerMember, test, uniqueCpf } from './fixtures';

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => sessionStorage.setItem('homePopupsClosed', '1'));
});

/** A small real PNG (1×1, grey), as a phone's camera would send a larger one. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGNgYAAAAAMAASsJTYQAAAAASUVORK5CYII=',
  'base64',
);

test('a member gives their identity and uploads a document; an operator approves it in the back office', async ({
  page,
  browser,
}) => {
  // Two browsers, a registration and a confirmed decision on the embedded database.
  test.setTimeout(120_000);
  const username = await registerMember(page, 'kyc');
  await page.goto('/member/verification');
  const identity = page.getByTestId('identity-form');
  await identity.getByLabel('Nome completo').fill('Joana Prado');
  await identity.getByLabel('Data de nascimento').fill('1992-04-10');
  const cpf = uniqueCpf();
  await identity.getByLabel('CPF').fill(cpf);
  await identity.getByRole('button', { name: 'Salvar' }).click();
  // The CPF is shown masked to its owner.
  const shown = page.getByTestId('kyc-identity');
  await expect(shown).toContainText('Joana Prado');
  await expect(shown).toContainText(`***.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-**`);
  await expect(page.getByTestId('kyc-status')).toHaveText('Nenhum documento enviado');

  const upload = page.getByTestId('kyc-upload-form');
  await upload.getByLabel('Documento').selectOption({ label: 'Documento de identidade (frente)' });
  await upload
    .getByLabel('Arquivo')
    .setInputFiles({ name: 'rg-frente.png', mimeType: 'image/png', buffer: PNG });
  await upload.getByRole('button', { name: 'Enviar' }).click();
  await expect(upload.getByRole('status')).toHaveText('Enviado. Vamos analisá-lo em breve.');
  await expect(page.getByTestId('kyc-status')).toHaveText('Em análise');

  const bo = await openBackoffice(browser);
  await bo.page.getByRole('button', { name: 'Identidade (KYC)', exact: true }).click();
  const row = bo.page.locator(`[data-member="${username}"]`);
  await expect(row).toContainText('Joana Prado');
  // The operator with 'kyc.review' reads the CPF in full, and opens the picture.
  await expect(row).toContainText(`${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`);
  await row.getByRole('button', { name: 'Abrir' }).click();
  await expect(row.getByTestId('bo-kyc-image')).toBeVisible();
  await expectNoSeriousViolations(bo.page, 'the back office identity queue');
  await row.getByRole('button', { name: 'Aprovar' }).click();
  const dialog = bo.page.getByTestId('bo-task');
  await expect(dialog).toContainText(username);
  await dialog.getByLabel(/Motivo/).fill('Documento legível e conferido');
  await dialog.getByRole('button', { name: 'Confirmar' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(row).toHaveCount(0);

  // The member reads the answer in their language.
  await page.reload();
  await expect(page.getByTestId('kyc-status')).toHaveText('Verificado');

  // The page at a phone's width: no sideways scroll.
  await bo.page.setViewportSize({ width: 390, height: 800 });
  await bo.page.getByRole('button', { name: 'Aprovados' }).click();
  await expect(bo.page.locator(`[data-member="${username}"]`)).toBeVisible();
  const overflow = await bo.page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await bo.close();
});
