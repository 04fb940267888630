import type { Page } from '@playwright/test';
import { closePopups, depositThroughGateway, expect, registerMember, test } from './fixtures';

// The worker's sports server: the simulator plays a match of every competition every 2 minutes, 90 times
// faster than real time (a football match in about 70 s), and prices move in the last quarter hour
// before each kick-off.
test.use({ database: 'sports', viewport: { width: 390, height: 844 } });
test.describe.configure({ timeout: 8 * 60_000 });

/** The first match of a competition on the board that kicks off at least `leadMs` from now. */
async function matchStartingLater(page: Page, competition: string, leadMs: number, startsAt?: string) {
  const cards = page.locator(
    `[data-testid^="sb-fixture-"][data-competition="${competition}"][data-status="scheduled"]`,
  );
  await expect(cards.first()).toBeVisible({ timeout: 60_000 });
  for (const card of await cards.all()) {
    const starts = await card.getAttribute('data-starts');
    if (startsAt ? starts === startsAt : Number(starts) - Date.now() > leadMs)
      return { card, starts: starts! };
  }
  throw new Error(`no ${competition} match starting later`);
}

test('on a phone: a double on two matches, a price that moves, half cashed out live, the bet settled in the record', async ({
  page,
}) => {
  await registerMember(page, 'sb');
  await depositThroughGateway(page, '500');

  // The book kept among the favourites from its lobby: the home page's own games list it.
  await page.goto('/fbSport');
  await page.getByTestId('sb-favourite').click();
  await expect(page.getByTestId('sb-favourite')).toHaveAttribute('aria-pressed', 'true');
  await page.goto('/');
  await closePopups(page);
  await page
    .getByTestId('my-games')
    .getByRole('button', { name: /Favoritos/ })
    .click();
  await expect(page.getByTestId('my-favourites')).toContainText('Apostas esportivas');

  // The Brasileirão first: its match's page, and the home win.
  await page.goto('/fbSport');
  await expect(page.getByTestId('sb-lobby')).toBeVisible();
  const br = await matchStartingLater(page, 'Brasileirão Série A', 50_000);
  const brPage = `/fbSport/event/${(await br.card.getAttribute('data-testid'))!.replace('sb-fixture-', '')}`;
  await br.card.getByRole('link').first().click();
  const event = page.getByTestId('sb-fixture-page');
  await expect(event).toBeVisible();
  await expect(page.getByTestId('sb-scoreboard')).toBeVisible();
  const result = event.locator('[data-testid^="sb-market-"]').first();
  await expect(result).toContainText('Resultado final');
  await result.getByRole('button').first().click();
  await expect(page.getByTestId('sb-slip-bar')).toContainText('1');

  // A Libertadores match kicking off at the same time: its away win.
  await page.goto('/fbSport');
  const lib = await matchStartingLater(page, 'Copa Libertadores', 0, br.starts);
  await lib.card.locator('[data-testid$="-away"]').click();
  await page.getByTestId('sb-slip-bar').click();
  const slip = page.getByTestId('sb-slip');
  await slip.getByTestId('sb-kind-accumulator').click();
  await slip.getByTestId('sb-stake').fill('20');
  await expect(slip.getByTestId('sb-total-stake')).toContainText('20,00');

  // Before the kick-off the prices move; the slip marks the leg and asks to accept the new odds.
  await expect(slip.getByTestId('sb-moved')).toBeVisible({ timeout: 60_000 });
  await expect(slip.getByTestId('sb-place')).toHaveText('Aceitar as novas odds e apostar');
  await expect(async () => {
    if (await slip.getByTestId('sb-accept-changes').isVisible())
      await slip.getByTestId('sb-accept-changes').click();
    else if (await slip.getByTestId('sb-place').isEnabled()) await slip.getByTestId('sb-place').click();
    await expect(slip.getByTestId('sb-placed')).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 45_000 });
  await expect(slip.getByTestId('sb-placed')).toContainText('Aposta feita!');
  await slip.getByRole('link', { name: 'Ver minhas apostas' }).click();

  const bet = page.locator('[data-testid^="sb-bet-"][data-status="open"]').first();
  await expect(bet).toContainText('Múltipla de 2');
  await expect(bet).toContainText('20,00');

  // The matches go live: the Brasileirão page shows the clock and the score.
  await page.goto(brPage);
  await expect(page.getByTestId('sb-fixture-page')).toHaveAttribute('data-status', 'live', {
    timeout: 200_000,
  });
  await expect(page.getByTestId('sb-clock')).toContainText('Ao vivo');

  // Half of the bet cashed out while it is live (a suspension after a goal is waited out).
  await page.getByTestId('sb-nav-bets').click();
  const open = page.locator('[data-testid^="sb-bet-"][data-status="open"]').first();
  const betId = (await open.getAttribute('data-testid'))!.replace('sb-bet-', '');
  await open.getByTestId(`sb-cashout-part-${betId}`).click();
  const panel = page.getByTestId(`sb-cashout-panel-${betId}`);
  await expect(async () => {
    if (await panel.getByRole('button', { name: 'Tentar de novo' }).isVisible())
      await panel.getByRole('button', { name: 'Tentar de novo' }).click();
    await panel.getByTestId('sb-cashout-confirm').click({ timeout: 3_000 });
    await expect(page.getByTestId('sb-cashout-done')).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 40_000 });
  await expect(page.getByTestId(`sb-bet-${betId}`).getByTestId('sb-bet-cashed')).toBeVisible();

  // Both matches end and the bet settles: it leaves the open bets for the settled ones.
  // (Matched by its settled status: the open list's card may still be on the page while the tab switches.)
  await page.getByTestId('sb-bets-settled').click();
  const settled = page.locator(
    `[data-testid="sb-bet-${betId}"]:is([data-status="won"], [data-status="lost"])`,
  );
  await expect(async () => {
    await page.getByTestId('sb-bets-open').click();
    await page.getByTestId('sb-bets-settled').click();
    await expect(settled).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 240_000 });
  await expect(settled.getByTestId('sb-bet-cashed')).toBeVisible();

  // The betting record has the round under Esportes, its reference naming the bet and its two matches.
  await page.goto('/member/personalHistoryCopy');
  const line = page.getByTestId('bet-line').filter({ hasText: 'Futebol' });
  await expect(line).toHaveCount(1);
  await expect(line).toContainText('Esportes');
  await line.getByRole('button', { name: 'Futebol' }).click();
  await expect(page.getByTestId('round-reference')).toContainText(`Aposta nº ${betId} ·`);
  await expect(page.getByTestId('round-reference')).toContainText(' x ');
});
