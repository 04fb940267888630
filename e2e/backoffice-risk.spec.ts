import { expectNoSeriousViolations } from './axe';
import { expect, openBackoffice, registerMember, test } from './fixtures';

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => sessionStorage.setItem('homePopupsClosed', '1'));
});

test('an operator tightens a risk rule, scans, holds the withdrawals of accounts sharing an address, and lifts the hold', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  // Two accounts from this browser's address: the first in a browser of its own.
  const other = await browser.newContext();
  const first = await registerMember(await other.newPage(), 'riska');
  await other.close();
  const newest = await registerMember(page, 'riskb');

  const bo = await openBackoffice(browser);
  const office = bo.page;
  await office.getByRole('button', { name: 'Regras de risco', exact: true }).click();
  const rules = office.getByTestId('bo-risk-rules');
  await rules.getByTestId('bo-risk-rule-accountsPerAddress').fill('2');
  await rules.getByRole('button', { name: 'Salvar' }).click();
  const dialog = office.getByTestId('bo-task');
  await expect(dialog).toContainText('Contas por endereço');
  await dialog.getByLabel(/Motivo/).fill('Dois cadastros no mesmo endereço já merecem análise');
  await dialog.getByRole('button', { name: 'Confirmar' }).click();
  await expect(dialog).toHaveCount(0);

  await office.getByRole('button', { name: 'Fila de risco', exact: true }).click();
  const queue = office.getByTestId('bo-risk');
  await queue.getByTestId('bo-risk-scan').click();
  await expect(queue.getByRole('status')).toContainText('Verificação feita');
  await queue.getByTestId('bo-risk-kind').selectOption({ label: 'Mesmo endereço' });
  await queue.getByTestId('bo-risk-member').fill(newest);
  await queue.getByRole('button', { name: 'Filtrar' }).click();
  const flag = queue.locator('[data-kind="shared_address"]').first();
  await expect(flag).toContainText(newest);
  await expect(flag).toContainText(first);
  await expect(flag).toContainText('nos últimos 30 dias');
  await expectNoSeriousViolations(office, 'the back office risk queue');

  await flag.getByRole('textbox').fill('Mesmo endereço, conferir documentos');
  await flag.getByRole('button', { name: 'Anotar' }).click();
  await expect(flag).toContainText('Mesmo endereço, conferir documentos');

  await flag.getByRole('button', { name: 'Reter saques' }).click();
  await expect(dialog).toContainText(newest);
  await dialog.getByLabel(/Motivo/).fill('Aguardar documentos');
  await dialog.getByRole('button', { name: 'Confirmar' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(flag).toHaveCount(0);

  await office.getByRole('button', { name: 'Saques retidos', exact: true }).click();
  const held = office.getByTestId(`bo-hold-${newest}`);
  await expect(held).toContainText('Aguardar documentos');

  // At a phone's width the pages keep to the screen.
  await office.setViewportSize({ width: 390, height: 800 });
  for (const name of ['Fila de risco', 'Saques retidos']) {
    await office.getByRole('button', { name, exact: true }).click();
    const overflow = await office.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, name).toBeLessThanOrEqual(0);
  }
  await held.getByRole('button', { name: 'Liberar saques' }).click();
  await dialog.getByLabel(/Motivo/).fill('Documentos conferidos');
  await dialog.getByRole('button', { name: 'Confirmar' }).click();
  await expect(held).toHaveCount(0);
  await bo.close();
});
