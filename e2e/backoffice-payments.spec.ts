import type { Page } from '@playwright/test';
import { expectNoSeriousViolations } from './axe';
import { expect, openBackoffice, registerMember, test } from './fixtures';

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => sessionStorage.setItem('homePopupsClosed', '1'));
});

/** Confirms the operator-task dialog with a reason. */
async function confirm(bo: Page, shows: string, reason: string) {
  const dialog = bo.getByTestId('bo-task');
  await expect(dialog).toContainText(shows);
  await dialog.getByLabel(/Motivo/).fill(reason);
  await dialog.getByRole('button', { name: 'Confirmar' }).click();
  await expect(dialog).toHaveCount(0);
}

/** The methods the member's deposit page offers, in its order. */
async function offered(page: Page) {
  await page.goto('/member/depositv2');
  const form = page.getByTestId('deposit-form');
  await expect(form.getByRole('radio').first()).toBeVisible();
  return form.getByRole('radio');
}

const noSidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test('an operator switches a method off and moves one up; the member deposit page follows; a PIX deposit shows its copia-e-cola code', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await registerMember(page, 'pix');
  const names = [
    'AuroraPay (pagamento online simulado)',
    'PIX (QR Code / copia e cola)',
    'Transferência PIX',
  ];
  await expect(await offered(page)).toHaveCount(3);

  const bo = await openBackoffice(browser);
  await bo.page.getByRole('button', { name: 'Métodos de pagamento', exact: true }).click();
  const list = bo.page.getByTestId('bo-payment-methods');
  await expect(list.getByTestId('bo-method-pix')).toContainText('Oferecido');

  // Off: the bank transfer leaves the deposit page.
  await list.getByTestId('bo-method-switch-pix').click();
  await confirm(bo.page, 'Desligado', 'Banco em manutenção');
  await expect(list.getByTestId('bo-method-pix')).toContainText('Desligado');
  const radios = await offered(page);
  await expect(radios).toHaveCount(2);
  await expect(page.getByTestId('deposit-form')).not.toContainText(names[2]!);

  // Up: PIX first, and so the page's choice.
  await list.getByTestId('bo-method-up-pix-qr').click();
  await confirm(bo.page, `${names[1]} → ${names[0]}`, 'PIX primeiro');
  const reordered = await offered(page);
  await expect(reordered.first()).toHaveAccessibleName(names[1]!);
  await expect(reordered.first()).toBeChecked();

  // The member pays by PIX: the QR, the copia-e-cola code, copy, then the demo's bank.
  const form = page.getByTestId('deposit-form');
  await form.getByLabel(/^Valor/).fill('123,45');
  await form.getByRole('button', { name: 'Continuar' }).click();
  const status = page.getByTestId('deposit-status');
  await expect(status).toHaveAttribute('data-status', 'pending');
  await expect(page.getByTestId('pix-qr')).toBeVisible();
  const code = page.getByTestId('pix-code');
  await expect(code).toHaveValue(/^000201.*0014br\.gov\.bcb\.pix.*5406123\.45.*5802BR.*6304[0-9A-F]{4}$/);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByTestId('pix-copy').click();
  await expect(page.getByTestId('pix-charge')).toContainText('Código copiado');
  await expectNoSeriousViolations(page, 'a PIX deposit to pay');
  await page.getByTestId('pix-demo-pay').click();
  await page.getByRole('button', { name: 'Pagar agora' }).click();
  await expect(page.getByTestId('deposit-status')).toHaveAttribute('data-status', 'credited');

  // Back as it was, for the other walks on this server.
  await list.getByTestId('bo-method-switch-pix').click();
  await confirm(bo.page, 'Ligado', 'Banco de volta');
  await list.getByTestId('bo-method-down-pix-qr').click();
  await confirm(bo.page, `${names[0]} → ${names[1]}`, 'Ordem de antes');
  await expect(await offered(page)).toHaveCount(3);
  await expect((await offered(page)).first()).toHaveAccessibleName(names[0]!);

  // The page fits a desktop and a phone, its editor open too.
  await list.getByTestId('bo-method-edit-pix-qr').click();
  await expect(bo.page.getByTestId('bo-method-editor').getByLabel('Chave PIX do recebedor')).toHaveValue(
    'pagamentos@aurora.example',
  );
  for (const width of [1280, 390]) {
    await bo.page.setViewportSize({ width, height: 900 });
    await expect(list.getByTestId('bo-method-pix-qr')).toBeVisible();
    expect(await noSidewaysScroll(bo.page), `at ${width} px`).toBeLessThanOrEqual(0);
  }
  await expectNoSeriousViolations(bo.page, 'the back office payment methods page');
  await bo.close();
});
