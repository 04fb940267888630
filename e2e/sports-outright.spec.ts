import { depositThroughGateway, expect, openBackoffice, registerMember, test } from './fixtures';

test('an operator offers an outright, a member backs a club to finish in the top 2, and a tie for second pays a dead heat', async ({
  browser,
  page,
}) => {
  test.setTimeout(180_000);
  const bo = await openBackoffice(browser);
  const office = bo.page;
  const dialog = office.getByTestId('bo-task');
  const confirm = async () => {
    await dialog.getByRole('button', { name: 'Confirmar' }).click();
    await expect(dialog).toHaveCount(0);
  };

  // The operator's outright: four clubs, the winner and a top-2 market, prices typed in decimal odds.
  await office.getByRole('button', { name: 'Eventos', exact: true }).click();
  const panel = office.getByTestId('bo-sports-fixtures');
  await panel.getByTestId('bo-sb-new-outright').click();
  const form = panel.getByTestId('bo-sb-outright-create');
  await form.getByTestId('bo-sb-outright-competition').selectOption({ label: 'Novo campeonato' });
  await form.getByLabel('Nome em português').fill('Taça das Quatro');
  await form.getByLabel('Nome em inglês').fill('Four Cup');
  await form.getByTestId('bo-sb-outright-name').fill('Taça das Quatro 2027');
  await form.getByTestId('bo-sb-outright-competitors').fill('Alvorada\nBrisa\nCerrado\nDuna');
  await form.getByTestId('bo-sb-outright-places-1').fill('2');
  const winner = form.getByTestId('bo-sb-outright-market-1');
  for (const [club, price] of [
    ['Alvorada', '2,50'],
    ['Brisa', '3,00'],
    ['Cerrado', '4,50'],
    ['Duna', '6,00'],
  ] as const)
    await winner.getByLabel(`Vencedor do campeonato: ${club}`).fill(price);
  const top2 = form.getByTestId('bo-sb-outright-market-2');
  for (const [club, price] of [
    ['Alvorada', '1,40'],
    ['Brisa', '1,60'],
    ['Cerrado', '2,40'],
    ['Duna', '3,20'],
  ] as const)
    await top2.getByLabel(`Terminar entre os 2 primeiros: ${club}`).fill(price);
  await form.getByTestId('bo-sb-outright-submit').click();
  await expect(dialog).toContainText('Taça das Quatro 2027');
  await expect(dialog).toContainText('Vencedor do campeonato, Terminar entre os 2 primeiros');
  await confirm();
  const fixture = panel.getByTestId('bo-sb-fixture');
  await expect(fixture).toContainText('Taça das Quatro 2027');
  await expect(fixture.getByTestId('bo-sb-status')).toHaveText('Agendado');

  // A member finds it among the outrights and backs Cerrado for the top 2 at 2,40.
  await registerMember(page, 'sbo');
  await depositThroughGateway(page, '100');
  await page.goto('/fbSport');
  const card = page.getByTestId('sb-outrights').locator('[data-testid^="sb-outright-"]', {
    hasText: 'Taça das Quatro 2027',
  });
  await expect(card).toContainText('Vencedor do campeonato');
  // The favourites first: the shortest price leads the card.
  await expect(card.getByRole('button').first()).toContainText('Alvorada');
  await card.getByRole('link', { name: 'Ver todos os participantes' }).click();
  await expect(page.getByTestId('sb-outright-head')).toContainText('Apostas até');
  const market = page.locator('[data-testid^="sb-market-"]', { hasText: 'Terminar entre os 2 primeiros' });
  await market.getByRole('button', { name: /Cerrado/ }).click();
  const slip = page.getByTestId('sb-slip');
  await expect(slip).toContainText('Taça das Quatro 2027');
  await slip.getByTestId('sb-stake').fill('10');
  await slip.getByTestId('sb-place').click();
  await expect(slip.getByTestId('sb-placed')).toContainText('Aposta feita!');

  // The standings: Alvorada first, Brisa and Cerrado tied for second (one place left for two).
  await fixture.getByLabel('Posição de Alvorada').fill('1');
  await fixture.getByLabel('Posição de Brisa').fill('2');
  await fixture.getByLabel('Posição de Cerrado').fill('2');
  await fixture.getByTestId('bo-sb-standings-submit').click();
  await expect(dialog).toContainText('1. Alvorada · 2. Brisa = Cerrado');
  await confirm();
  await expect(fixture.getByTestId('bo-sb-status')).toHaveText('Encerrado');

  // Half the stake at 2,40: 12,00 back on a stake of 10,00.
  await slip.getByRole('link', { name: 'Ver minhas apostas' }).click();
  await page.getByTestId('sb-bets-settled').click();
  const bet = page.locator('[data-testid^="sb-bet-"][data-status="won"]').first();
  await expect(bet).toContainText('Dead heat');
  await expect(bet).toContainText('12,00');
  await expect(bet).toContainText('Taça das Quatro 2027');
  await bo.close();
});
