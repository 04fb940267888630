import { expectNoSeriousViolations } from './axe';
import { expect, openBackoffice, test } from './fixtures';

/** The page may not scroll sideways (tables scroll inside their own boxes). */
async function noSidewaysScroll(page: import('@playwright/test').Page, what: string) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, what).toBeLessThanOrEqual(0);
}

test('an operator enters a fixture with prices, suspends and resumes it, enters its result; at a phone’s width too', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const bo = await openBackoffice(browser);
  const office = bo.page;
  const dialog = office.getByTestId('bo-task');
  const confirm = async () => {
    await dialog.getByRole('button', { name: 'Confirmar' }).click();
    await expect(dialog).toHaveCount(0);
  };

  await office.getByRole('button', { name: 'Eventos', exact: true }).click();
  const panel = office.getByTestId('bo-sports-fixtures');
  await panel.getByTestId('bo-sb-new').click();
  const form = panel.getByTestId('bo-sb-create');
  await form.getByTestId('bo-sb-competition').selectOption({ label: 'Novo campeonato' });
  await form.getByLabel('Nome em português').fill('Taça da Caminhada');
  await form.getByLabel('Nome em inglês').fill('Walk Cup');
  await form.getByLabel('Mandante', { exact: true }).fill('Atlético Caminhante');
  await form.getByLabel('Visitante', { exact: true }).fill('Clube do Teste');
  // Prices typed in decimal odds (a comma or a point): the match result and both teams to score.
  await form.getByLabel('Resultado final: Atlético Caminhante').fill('2,10');
  await form.getByLabel('Resultado final: Empate').fill('3.40');
  await form.getByLabel('Resultado final: Clube do Teste').fill('3,60');
  await form.getByLabel('Ambos marcam: Sim').fill('1,80');
  await form.getByLabel('Ambos marcam: Não').fill('2,00');
  await form.getByTestId('bo-sb-create-submit').click();
  await expect(dialog).toContainText('Atlético Caminhante x Clube do Teste');
  await expect(dialog).toContainText('Taça da Caminhada');
  await confirm();

  const fixture = panel.getByTestId('bo-sb-fixture');
  await expect(fixture).toContainText('Atlético Caminhante x Clube do Teste');
  await expect(fixture.getByTestId('bo-sb-status')).toHaveText('Agendado');
  const result1x2 = fixture.locator('[data-type="1x2"]');
  await expect(result1x2.getByLabel('Resultado final: Empate')).toHaveValue('3,40');
  await expectNoSeriousViolations(office, 'the back office fixture page');

  // Suspended: the dialog says what changes; then resumed.
  await fixture.getByTestId('bo-sb-suspend').click();
  await expect(dialog).toContainText('Aceitando apostas');
  await confirm();
  await expect(fixture.getByText('Suspenso').first()).toBeVisible();
  await fixture.getByRole('button', { name: 'Retomar o evento' }).click();
  await confirm();
  await expect(fixture.getByRole('button', { name: 'Suspender o evento' })).toBeVisible();

  // A price changed on one market.
  await result1x2.getByLabel('Resultado final: Atlético Caminhante').fill('1,95');
  await result1x2.getByRole('button', { name: 'Salvar as cotações' }).click();
  await expect(dialog).toContainText('1,95');
  await confirm();
  await expect(result1x2.getByLabel('Resultado final: Atlético Caminhante')).toHaveValue('1,95');

  // A market left out at creation, added later with its prices.
  const add = fixture.getByTestId('bo-sb-add-market');
  await add.getByLabel('Mercado').selectOption({ label: 'Total de escanteios 9,5' });
  await add.getByLabel('Total de escanteios 9,5: Mais de 9,5').fill('1,85');
  await add.getByLabel('Total de escanteios 9,5: Menos de 9,5').fill('1,95');
  await add.getByRole('button', { name: 'Adicionar o mercado' }).click();
  await expect(dialog).toContainText('Mais de 9,5 1,85');
  await confirm();
  await expect(fixture.getByTestId('bo-sb-markets')).toContainText('Total de escanteios 9,5');

  // The result: 2-1, 1-0 at half time. Every market settles.
  const result = fixture.getByTestId('bo-sb-result');
  await result.getByTestId('bo-sb-ft').getByLabel('Placar final (90 min): Mandante').fill('2');
  await result.getByTestId('bo-sb-ft').getByLabel('Placar final (90 min): Visitante').fill('1');
  await result.getByTestId('bo-sb-ht').getByLabel('Placar do intervalo: Mandante').fill('1');
  await result.getByTestId('bo-sb-result-submit').click();
  await expect(dialog).toContainText('Final 2-1');
  await confirm();
  await expect(fixture.getByTestId('bo-sb-status')).toHaveText('Encerrado');
  await expect(fixture.getByTestId('bo-sb-score')).toContainText('2-1');
  await expect(fixture.locator('[data-type="1x2"]')).toContainText('ganhou');
  await expect(fixture.getByTestId('bo-sb-log')).toContainText('Liquidação');

  // At a phone's width the pages keep to the screen.
  await office.setViewportSize({ width: 390, height: 800 });
  await noSidewaysScroll(office, 'the fixture page');
  for (const name of ['Exposição', 'Apostas esportivas', 'Margens', 'Limites esportivos']) {
    await office.getByRole('button', { name, exact: true }).click();
    await expect(office.locator('.bo-sb')).toBeVisible();
    await noSidewaysScroll(office, name);
  }
  await office.getByRole('button', { name: 'Margens', exact: true }).click();
  await expect(office.getByTestId('bo-sb-margins')).toContainText('Taça da Caminhada');
  await expectNoSeriousViolations(office, 'the back office margins on a phone');

  // The audit trail names each change.
  await office.setViewportSize({ width: 1280, height: 800 });
  await office.getByRole('button', { name: 'Auditoria', exact: true }).click();
  const audit = office.getByTestId('bo-audit');
  for (const [label, action] of [
    ['Evento esportivo criado', 'sports_fixture_create'],
    ['Evento suspenso', 'sports_fixture_suspend'],
    ['Evento retomado', 'sports_fixture_resume'],
    ['Cotações alteradas', 'sports_prices'],
    ['Resultado lançado', 'sports_result'],
  ]) {
    await audit.getByTestId('bo-audit-action').selectOption({ label: label! });
    await audit.getByRole('button', { name: 'Buscar' }).click();
    await expect(audit.locator(`tr[data-action="${action}"]`).first()).toContainText('Atlético Caminhante');
  }
  await bo.close();
});
