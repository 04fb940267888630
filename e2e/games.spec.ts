import { depositThroughGateway, expect, loginAs, registerMember, test } from './fixtures';

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => sessionStorage.setItem('homePopupsClosed', '1'));
});

/** The header balance as a number of minor units ("1.234,56 FUN" → 123456). */
async function headerBalance(page: import('@playwright/test').Page) {
  const text = (await page.getByTestId('header-balance').textContent()) ?? '';
  return Number(text.replace(/[^\d,]/g, '').replace(',', ''));
}

test('a guest who clicks a game gets the login popup, and lands back on a guarded game list after logging in', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByTestId('hot-games').locator('[data-game="golden-dragon"]').click();
  const modal = page.getByTestId('account-modal');
  await expect(modal).toBeVisible();
  await expect(modal.getByRole('tab', { name: 'Entrar' })).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(/\/$/);
  await modal
    .getByRole('button', { name: /Fechar|Close/ })
    .first()
    .click();

  // A guarded route (the game-list centre) sends the guest to log in, then back to it.
  await page.goto('/gameListCenter?vassalage=NOVA');
  const login = page.getByTestId('account-modal');
  await login.getByLabel('Nome de usuário').fill('demomember');
  await login.getByLabel('Senha').fill('Demo1234');
  await login.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page).toHaveURL(/\/gameListCenter\?vassalage=NOVA$/);
  await expect(page.getByTestId('game-list')).toContainText('Dragão Dourado');
});

test("a trial player spins the demo provider's slot with trial money", async ({ page }) => {
  await page.goto('/login');
  await page.getByTestId('account-modal').getByRole('button', { name: 'Jogar sem cadastro' }).click();
  await expect(page.getByTestId('member-block')).toBeVisible();
  await page.goto('/');
  await page.getByTestId('hot-games').locator('[data-game="golden-dragon"]').click();
  await expect(page).toHaveURL(/\/seamless$/);
  const slot = page.frameLocator('[data-testid="seamless-frame"]');
  await expect(slot.getByTestId('provider-balance')).toHaveText('2.000,00');
  await slot.getByTestId('slot-spin').click();
  await expect(slot.getByTestId('slot-spin')).toBeEnabled({ timeout: 60_000 });
  // The header's trial balance follows the provider's.
  await expect(async () => {
    const shown = (await slot.getByTestId('provider-balance').textContent()) ?? '';
    await expect(page.getByTestId('trial-balance')).toContainText(shown);
    expect(shown).not.toBe('2.000,00');
  }).toPass();
  await expect(page.getByTestId('need-real-account')).toHaveCount(0);
});

test('a member plays the slot and a baccarat round, the header balance follows, and both rounds are in the records', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await registerMember(page, 'player');
  await depositThroughGateway(page, '200');
  await page.goto('/rng');
  await page.locator('[data-vendor="NOVA"]').click();
  await expect(page).toHaveURL(/gameListCenter\?vassalage=NOVA/);
  await page.getByTestId('game-list').locator('[data-game="golden-dragon"]').click();
  await expect(page).toHaveURL(/\/seamless$/);
  const slot = page.frameLocator('[data-testid="seamless-frame"]');
  await expect(slot.getByTestId('provider-balance')).toHaveText('200,00');
  await slot.getByTestId('slot-spin').click();
  // One spin of 2,00: the provider's balance and the site's header agree once it is settled. A spin that
  // lands three scatters plays its free spins out first (a dozen animated spins).
  await expect(slot.getByTestId('slot-spin')).toBeEnabled({ timeout: 60_000 });
  await expect(async () => {
    const shown = (await slot.getByTestId('provider-balance').textContent()) ?? '';
    const header = await headerBalance(page);
    expect(header).toBe(Number(shown.replace(/[^\d]/g, '')));
    expect(header).not.toBe(20_000);
  }).toPass();

  // A live baccarat round: a bet on the player while the window is open, then its result.
  await page.getByTestId('seamless-back').click();
  await page.goto('/live');
  await page.locator('[data-vendor="SUNL"]').click();
  await page
    .getByTestId('vendor-games')
    .getByRole('button', { name: /Bacará Sunrise/ })
    .click();
  await expect(page).toHaveURL(/\/seamless$/);
  const table = page.frameLocator('[data-testid="seamless-frame"]');
  await expect(table.getByTestId('table-phase')).toContainText('Façam suas apostas', { timeout: 30_000 });
  await table.getByTestId('spot-player').click();
  await expect(table.getByTestId('my-bets')).not.toHaveText(/^\s*$/);
  await expect(table.getByTestId('table-result')).toContainText(/Jogador|Banca|Empate/, { timeout: 30_000 });
  // Once the round is paid, the site's header shows what the table shows.
  await expect(async () => {
    const shown = (await table.getByTestId('provider-balance').textContent()) ?? '';
    expect(await headerBalance(page)).toBe(Number(shown.replace(/[^\d]/g, '')));
  }).toPass({ timeout: 15_000 });

  await page.goto('/member/personalHistoryCopy');
  const lines = page.getByTestId('bet-line');
  await expect(lines.filter({ hasText: 'Dragão Dourado' })).toHaveCount(1);
  await expect(lines.filter({ hasText: 'Bacará Sunrise' })).toHaveCount(1, { timeout: 20_000 });
  await page.goto('/member/personalProfit');
  const categories = page.getByTestId('profit-categories');
  await expect(categories.locator('[data-category="RNG"]')).toBeVisible();
  await expect(categories.locator('[data-category="LIVE"]')).toBeVisible();
});

test('a favourite added shows in the member favourites', async ({ page }) => {
  await loginAs(page, 'demomember', 'Demo1234');
  await page.goto('/');
  const tile = page
    .getByTestId('hot-games')
    .locator('li', { has: page.locator('[data-game="pharaoh-gold"]') });
  await tile.getByTestId('favourite-toggle').click();
  await expect(tile.getByTestId('favourite-toggle')).toHaveAttribute('aria-pressed', 'true');
  const mine = page.getByTestId('my-games');
  await mine.getByRole('button', { name: 'Favoritos' }).click();
  await expect(mine.getByTestId('my-favourites')).toContainText('Ouro do Faraó');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the slot fits the screen and plays', async ({ page }) => {
    await registerMember(page, 'phone');
    await depositThroughGateway(page, '50');
    await page.goto('/rng');
    await page.locator('[data-vendor="LUXR"]').click();
    await page.getByTestId('game-list').locator('[data-game="pharaoh-gold"]').click();
    const slot = page.frameLocator('[data-testid="seamless-frame"]');
    const spin = slot.getByTestId('slot-spin');
    await expect(spin).toBeVisible();
    await expect(spin).toBeInViewport();
    await spin.click();
    await expect(slot.getByTestId('provider-balance')).not.toHaveText('50,00');
  });
});
