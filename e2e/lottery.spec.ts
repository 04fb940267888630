import type { Page } from '@playwright/test';
import { depositThroughGateway, expect, openBackoffice, registerMember, test } from './fixtures';

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => sessionStorage.setItem('homePopupsClosed', '1'));
});

/** An amount as the site writes it in Portuguese, in minor units: "1.234,56" → 123456. */
function minor(text: string) {
  const match = /(-?)([\d.]+),(\d{2})/.exec(text);
  if (!match) throw new Error(`no amount in "${text}"`);
  const value = Number(match[2]!.replace(/\./g, '')) * 100 + Number(match[3]);
  return match[1] ? -value : value;
}

const headerBalance = async (page: Page) =>
  minor((await page.getByTestId('header-balance').textContent()) ?? '');

/** Waits, if need be, until the open draw has more than `seconds` left to take bets. */
async function enoughTime(page: Page, seconds: number) {
  await expect(page.getByTestId('lt-countdown')).toHaveText(/\d{2}:\d{2}/);
  const left = async () => {
    const [m, s] = ((await page.getByTestId('lt-countdown').textContent()) ?? '00:00').split(':').map(Number);
    return m! * 60 + s!;
  };
  if ((await left()) <= seconds) await expect.poll(left, { timeout: 30_000 }).toBeGreaterThan(seconds);
}

test('a member places an SSC slip of three lines and a two-draw chase; the draws run and the winnings arrive', async ({
  page,
}) => {
  test.setTimeout(4 * 60_000);
  await registerMember(page, 'lot');
  await depositThroughGateway(page, '100');
  await page.goto('/lottery?gameCode=ssc1');
  await expect(page.getByTestId('lt-game')).toHaveAttribute('data-game', 'ssc1');
  // The game's own category, as the betting record will name it.
  await expect(page.getByTestId('lt-game-ssc1-category')).toHaveText('E-Loteria · a cada 1 min');
  await enoughTime(page, 25);
  const slip = page.getByTestId('lt-slip');

  // Line 1: every digit at the first position (it always wins once): 10 combinations of 1,00.
  await slip.getByTestId('lt-type-ssc.star1').click();
  const first = slip.locator('fieldset.lt-row').first();
  for (const d of ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9']) {
    await first.getByRole('button', { name: d, exact: true }).click();
  }
  await expect(slip.getByTestId('lt-price')).toContainText('10 combinações × 1,00 × 1 = 10,00 FUN');
  await slip.getByTestId('lt-add').click();
  // Line 2: two-star direct by quick pick, at 2 × 1,00.
  await slip.getByTestId('lt-type-ssc.star2').click();
  await slip.getByTestId('lt-quick').click();
  await slip.getByTestId('lt-multiplier').fill('2');
  await slip.getByTestId('lt-add').click();
  // Line 3: big and odd on the sum.
  await slip.getByTestId('lt-type-ssc.sum').click();
  await slip.getByRole('button', { name: 'Grande' }).click();
  await slip.getByRole('button', { name: 'Ímpar' }).click();
  await slip.getByTestId('lt-multiplier').fill('1');
  await slip.getByTestId('lt-add').click();
  await expect(slip.getByTestId('lt-lines').locator('li')).toHaveCount(3);
  await expect(slip.getByTestId('lt-total')).toHaveText('14,00 FUN');

  // A chase of two draws: 28,00 now.
  await slip.getByTestId('lt-chase').check();
  await slip.getByTestId('lt-chase-draws').fill('2');
  await expect(slip.getByTestId('lt-total')).toHaveText('28,00 FUN');
  const before = await headerBalance(page);
  const draw = (await page.getByTestId('lt-open-draw').textContent()) ?? '';
  await slip.getByTestId('lt-review').click();
  const confirm = page.getByTestId('lt-confirm');
  await expect(confirm).toContainText(`Confirmar apostas no concurso ${draw}`);
  await expect(confirm).toContainText('Sequência de 2 concursos');
  await confirm.getByTestId('lt-confirm-send').click();
  await expect(slip.getByTestId('lt-placed')).toContainText(
    `6 apostas registradas a partir do concurso ${draw}`,
  );
  await expect.poll(() => headerBalance(page)).toBe(before - 2_800);

  // The member's bets: six lines waiting.
  await page.getByTestId('lt-tab-mine').click();
  await expect(page.getByTestId('lt-my').locator('tr[data-status="placed"]')).toHaveCount(6);

  // The first draw runs (within its minute): the position line wins 9,75 at least. The notice must name
  // this draw: a slip sent just after a close finds the draw before it still being drawn.
  await expect(page.getByTestId('lt-drawing')).toContainText(draw, { timeout: 70_000 });
  await page.getByTestId('lt-tab-results').click();
  await expect(page.getByTestId('lt-results').locator(`li[data-draw="${draw}"]`)).toBeVisible({
    timeout: 60_000,
  });
  await expect
    .poll(() => headerBalance(page), { timeout: 20_000 })
    .toBeGreaterThanOrEqual(before - 2_800 + 975);

  // The draw checks out in the browser: its seed against its published hash, its published lines against
  // its mix, its numbers from seed and mix, and the member's three lines found in the published list.
  const row = page.getByTestId('lt-results').locator(`li[data-draw="${draw}"]`);
  await row.getByTestId('lt-verify').click();
  await expect(row.getByTestId('lt-verified')).toHaveText('Verificado neste navegador ✓');
  await expect(row.getByTestId('lt-included')).toHaveText(
    'Suas 3 apostas estão na lista publicada deste concurso ✓',
  );
  await expect(row.locator('.lt-proof')).toContainText('lista publicada das');

  // The betting record lists the lottery lines as E-Loteria rounds of the lottery by its name, and a line's
  // detail names its draw, not the line's round id or the game's code.
  await page.goto('/member/personalHistoryCopy');
  const recorded = page.getByTestId('bet-line').filter({ hasText: 'SSC Relâmpago 1′' });
  await expect(recorded.first()).toContainText('E-Loteria');
  await expect(page.getByTestId('bet-line').filter({ hasText: 'ssc1' })).toHaveCount(0);
  await recorded.last().getByRole('button', { name: 'SSC Relâmpago 1′' }).click();
  await expect(page.getByTestId('round-reference')).toHaveText(/^Concurso \d{8}-\d{4} · aposta nº \d+$/);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a member bets a lô on the Vietnamese lottery, and cancels it while the draw is open', async ({
    page,
  }) => {
    await registerMember(page, 'lotvn');
    await depositThroughGateway(page, '50');
    await page.goto('/vnLottery');
    await page.getByTestId('lt-game-mb5').click();
    await expect(page.getByTestId('lt-game')).toHaveAttribute('data-game', 'mb5');
    await enoughTime(page, 20);
    const slip = page.getByTestId('lt-slip');
    await slip.getByTestId('lt-type-vn.lo').click();
    await slip.getByRole('button', { name: '07', exact: true }).click();
    await slip.getByRole('button', { name: '42', exact: true }).click();
    await slip.getByTestId('lt-unit').fill('2,00');
    await expect(slip.getByTestId('lt-price')).toContainText('2 combinações × 2,00 × 1 = 4,00 FUN');
    await slip.getByTestId('lt-add').click();
    const before = await headerBalance(page);
    await slip.getByTestId('lt-review').click();
    await page.getByTestId('lt-confirm').getByTestId('lt-confirm-send').click();
    await expect(slip.getByTestId('lt-placed')).toBeVisible();
    await expect.poll(() => headerBalance(page)).toBe(before - 400);
    // Nothing on the page is wider than the phone.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.getByTestId('lt-tab-mine').click();
    await page.getByTestId('lt-my').getByTestId('lt-cancel-line').click();
    await expect(page.getByTestId('lt-my').locator('tr[data-status="refunded"]')).toHaveCount(1);
    await expect.poll(() => headerBalance(page)).toBe(before);
  });
});

test('an operator reads each bet type’s exact return, looks at a draw’s exposure and cancels it: the bet comes back', async ({
  browser,
  page,
}) => {
  await registerMember(page, 'lotbo');
  await depositThroughGateway(page, '50');
  await page.goto('/lottery?gameCode=ssc5');
  await enoughTime(page, 20);
  const slip = page.getByTestId('lt-slip');
  await slip.getByTestId('lt-type-ssc.dragonTiger').click();
  await slip.getByRole('button', { name: 'Dragão', exact: true }).click();
  await slip.getByTestId('lt-unit').fill('5,00');
  await slip.getByTestId('lt-add').click();
  const draw = (await page.getByTestId('lt-open-draw').textContent()) ?? '';
  const before = await headerBalance(page);
  await slip.getByTestId('lt-review').click();
  await page.getByTestId('lt-confirm').getByTestId('lt-confirm-send').click();
  await expect.poll(() => headerBalance(page)).toBe(before - 500);

  const { page: office, close } = await openBackoffice(browser);
  await office.getByRole('button', { name: 'Loterias', exact: true }).click();
  const games = office.getByTestId('bo-lottery-games');
  await games.locator('tr[data-game="ssc5"]').getByRole('button', { name: 'Tipos de aposta' }).click();
  await expect(office.getByTestId('bo-lt-ssc.star5-return')).toHaveText('97,50 %');
  await expect(office.getByTestId('bo-lt-ssc.dragonTiger-return')).toHaveText('97,20 % · 97,50 %');
  await office.getByTestId('bo-lt-draws-ssc5').click();
  await office.getByTestId('bo-lt-draws').locator(`tr[data-draw="${draw}"]`).getByRole('button').click();
  const detail = office.getByTestId('bo-lt-draw');
  await expect(detail.getByTestId('bo-lt-exposure')).toContainText('Dragão × Tigre');
  await expect(detail.getByTestId('bo-lt-exposure')).toContainText('5,00 FUN');
  // Confirmed with what it refunds, and the reason players will read.
  await detail.getByTestId('bo-lt-cancel').click();
  const dialog = office.getByTestId('bo-task');
  await expect(dialog).toContainText(draw);
  await expect(dialog).toContainText('5,00 FUN');
  await dialog.getByLabel(/Motivo/).fill('results feed failed');
  await dialog.getByRole('button', { name: 'Confirmar' }).click();
  await expect(office.getByTestId('bo-lt-draws').locator(`tr[data-draw="${draw}"]`)).toHaveAttribute(
    'data-status',
    'cancelled',
  );
  await expect.poll(() => headerBalance(page)).toBe(before);
  await close();

  // The player reads why in the results, and checks the revealed seed against the one committed.
  await page.reload();
  await page.getByTestId('lt-tab-results').click();
  const row = page.getByTestId('lt-results').locator(`li[data-draw="${draw}"]`);
  await expect(row.getByTestId('lt-cancel-reason')).toHaveText(
    'Cancelado pelo operador antes do fechamento, apostas devolvidas. Motivo: results feed failed',
  );
  await row.getByTestId('lt-verify').click();
  await expect(row.getByTestId('lt-verified')).toHaveText('Verificado neste navegador ✓');
});
