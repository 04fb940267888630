import type { Page } from '@playwright/test';
import { expectNoSeriousViolations } from './axe';
import { depositThroughGateway, expect, loginAs, openBackoffice, registerMember, test } from './fixtures';

/** A change players see is confirmed first: the dialog shows it before and after. */
async function confirmChange(page: Page, shows: string[]) {
  const dialog = page.getByTestId('bo-task');
  for (const text of shows) await expect(dialog).toContainText(text);
  await dialog.getByRole('button', { name: 'Confirmar' }).click();
  await expect(dialog).toHaveCount(0);
}

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => sessionStorage.setItem('homePopupsClosed', '1'));
});

test('an admin sees the demo vendors connected, puts NOVA in maintenance and back, and onboards a vendor', async ({
  browser,
}) => {
  const { page, close } = await openBackoffice(browser);
  await page.getByRole('button', { name: 'Provedores', exact: true }).click();
  const nova = page.getByTestId('bo-vendor-NOVA');
  await expect(nova).toContainText('Nova Slots');
  await expect(nova).toHaveAttribute('data-connected', 'true');
  await expect(nova).toContainText('/operator/launch');
  await expectNoSeriousViolations(page, 'the back office vendors tab');

  const status = nova.getByLabel('Status de Nova Slots');
  await status.selectOption('maintenance');
  await confirmChange(page, ['Nova Slots', 'Ativo', 'Manutenção']);
  await expect(nova).toHaveAttribute('data-status', 'maintenance');
  await status.selectOption('active');
  await confirmChange(page, ['Nova Slots']);
  await expect(nova).toHaveAttribute('data-status', 'active');

  // A new vendor: the secret made for it shows once, with the note that it will not be shown again.
  await page.getByRole('button', { name: 'Conectar um novo provedor' }).click();
  const form = page.getByTestId('bo-connect');
  await form.getByLabel('Código do provedor').fill('e2e_x');
  await form.getByLabel('URL de abertura').fill('https://games.e2e.example/launch');
  await form.getByLabel('Moedas').fill('fun');
  await form.getByRole('button', { name: 'Conectar' }).click();
  const secret = page.getByTestId('bo-secret');
  await expect(secret).toContainText('não será mostrado de novo');
  await expect(secret.getByLabel('Segredo de E2E_X')).toHaveValue(/^[\w-]{32,}$/);
  await expect(secret.getByRole('button', { name: 'Copiar segredo' })).toBeVisible();
  await secret.getByRole('button', { name: 'Pronto, fechar' }).click();
  await expect(secret).toHaveCount(0);

  // Disconnecting asks first.
  const added = page.getByTestId('bo-vendor-E2E_X');
  await expect(added).toHaveAttribute('data-connected', 'true');
  await expect(added).toContainText('FUN');
  await added.getByRole('button', { name: 'Desconectar' }).click();
  const detail = page.getByTestId('bo-vendor-E2E_X-detail');
  await expect(detail).toContainText('Desconectar E2E_X?');
  await detail.getByRole('button', { name: 'Sim, desconectar' }).click();
  await expect(added).toHaveAttribute('data-connected', 'false');
  await expect(added).toContainText('Desconectado');

  await page.getByRole('button', { name: 'Auditoria', exact: true }).click();
  const audit = page.getByTestId('bo-audit');
  await expect(audit.locator('tr[data-action="vendor_update"]').first()).toContainText('NOVA');
  await expect(audit.locator('tr[data-action="vendor_connect"]').first()).toContainText('E2E_X');
  await close();
});

test('a game hidden in the back office leaves the member’s game list, renamed it shows its new name', async ({
  page,
  browser,
}) => {
  await loginAs(page, 'demomember', 'Demo1234');
  await page.goto('/gameListCenter?vassalage=NOVA');
  const list = page.getByTestId('game-list');
  await expect(list).toContainText('Noites de Neon');

  const office = await openBackoffice(browser);
  await office.page.getByRole('button', { name: 'Jogos', exact: true }).click();
  await office.page.getByLabel('Provedor', { exact: true }).selectOption('NOVA');
  const games = office.page.getByTestId('bo-games');
  await expect(games.locator('tbody tr[data-status]')).toHaveCount(2);
  await expectNoSeriousViolations(office.page, 'the back office games tab');
  const neon = office.page.getByTestId('bo-game-NOVA-neon-nights');
  await expect(neon).toContainText('96,01 %');
  await neon.getByLabel('Status de Noites de Neon').selectOption('hidden');
  await confirmChange(office.page, ['Noites de Neon']);
  await expect(neon).toHaveAttribute('data-status', 'hidden');

  const dragon = office.page.getByTestId('bo-game-NOVA-golden-dragon');
  await dragon.getByRole('button', { name: 'Editar nomes de Dragão Dourado' }).click();
  const names = dragon.getByTestId('bo-names-form');
  await names.getByLabel('Nome em português').fill('Dragão Dourado Turbo');
  await names.getByRole('button', { name: 'Salvar' }).click();
  await confirmChange(office.page, ['PT Dragão Dourado ·', 'PT Dragão Dourado Turbo']);
  await expect(dragon).toContainText('Dragão Dourado Turbo');

  await page.reload();
  await expect(list).toContainText('Dragão Dourado Turbo');
  await expect(list).not.toContainText('Noites de Neon');

  // Back as it was, for the other walks.
  await neon.getByLabel('Status de Noites de Neon').selectOption('active');
  await confirmChange(office.page, []);
  await expect(neon).toHaveAttribute('data-status', 'active');
  await dragon.getByRole('button', { name: 'Editar nomes de Dragão Dourado Turbo' }).click();
  await names.getByLabel('Nome em português').fill('Dragão Dourado');
  await names.getByRole('button', { name: 'Salvar' }).click();
  await confirmChange(office.page, []);
  await expect(names).toHaveCount(0);
  await office.close();
  await page.reload();
  await expect(list).toContainText('Noites de Neon');
});

test('after a member plays, the operator finds the round and its wallet movements', async ({
  page,
  browser,
  request,
}) => {
  const username = await registerMember(page, 'rnd');
  await depositThroughGateway(page, '50');
  const token = await page.evaluate(() => sessionStorage.getItem('token'));
  const launch = await request.post('/wps/game/launchGame', {
    headers: { authorization: `Bearer ${token}` },
    data: { vassalage: 'LUXR', gameCode: 'pharaoh-gold' },
  });
  const { value } = (await launch.json()) as { value: { url: string } };
  // One spin of 1,00 through the demo provider's own game API, as its game page would send it.
  const game = new URL(value.url);
  const spin = await request.post(`${game.origin}/api/${game.pathname.split('/')[2]}/spin`, {
    data: { stake: 100 },
  });
  expect(spin.ok()).toBe(true);
  const { roundId } = (await spin.json()) as { roundId: string };

  const { page: office, close } = await openBackoffice(browser);
  await office.getByRole('button', { name: 'Rodadas', exact: true }).click();
  const lookup = office.getByTestId('bo-round-lookup');
  await lookup.getByLabel('Membro').fill(username);
  await lookup.getByRole('button', { name: 'Buscar' }).click();
  const row = office.getByTestId(`bo-round-LUXR-${roundId}`);
  await expect(row).toContainText(username);
  await expect(row).toContainText('1,00');
  await row.getByRole('button', { name: /^Movimentações/ }).click();
  const movements = office.getByTestId('bo-round-movements');
  await expect(movements.locator('tr[data-type="bet"]')).toContainText('-1,00');
  await expect(movements.locator('tr[data-type="bet"]')).toContainText('49,00');
  await expectNoSeriousViolations(office, 'the back office rounds tab');

  await lookup.getByLabel('Membro').fill('nobody-at-all');
  await lookup.getByRole('button', { name: 'Buscar' }).click();
  await expect(office.getByTestId('bo-rounds').getByRole('alert')).toContainText('Membro não encontrado');
  await close();
});
