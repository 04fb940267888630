import { closePopups, expect, loginAs, registerMember, test } from './fixtures';

test.describe('home page', () => {
  test('renders seeded banners, jackpot, notice marquee, navigation and footer', async ({ page }) => {
    await page.goto('/');
    await closePopups(page);
    const hero = page.getByTestId('banner-carousel');
    await expect(hero.getByText('Jogue sem risco com FUN').first()).toBeVisible();
    await expect(page.getByTestId('jackpot')).toContainText(/\d{1,3}(\.\d{3}){3}/);
    await expect(page.getByTestId('notice-marquee')).toContainText('Manutenção programada');
    const nav = page.getByTestId('game-nav');
    await expect(nav.getByRole('link', { name: 'Loteria', exact: true })).toHaveAttribute(
      'href',
      '/seaLottery',
    );
    await expect(nav.getByRole('link', { name: 'Esportes' })).toHaveAttribute('href', '/fbSport');
    await expect(nav.getByRole('link', { name: 'Promoções' })).toBeVisible();
    await expect(nav.getByRole('button', { name: 'Atendimento' })).toBeVisible();
    const footer = page.getByTestId('site-footer');
    await expect(footer.getByAltText('Aurora Originals')).toBeVisible();
    await expect(footer.getByTestId('age-notice')).toContainText('18 anos');
    // Real wins only: a new demo has none until someone wins big.
    await expect(page.getByTestId('winner-board')).toContainText(/FUN|Ainda não há vencedores/);
    await expect(page.getByTestId('hot-games')).toContainText('Dragão Dourado');
    await expect(page).toHaveTitle('Início | Aurora Bet');
  });

  test('shows guest popups once per session until closed', async ({ page }) => {
    await page.goto('/');
    const popups = page.getByTestId('home-popups');
    await expect(popups).toContainText('Bem-vindo à Aurora Bet');
    await page.reload();
    await expect(popups).toBeVisible();
    await closePopups(page);
    await page.reload();
    await expect(page.getByTestId('hot-games')).toBeVisible();
    await expect(popups).toBeHidden();
  });

  test('keeps the chosen theme and language across a reload', async ({ page }, testInfo) => {
    await page.goto('/');
    await closePopups(page);
    // On phones the preferences sit in the side menu; on wider screens in the header.
    const phone = testInfo.project.name === 'phone';
    if (phone) await page.getByTestId('side-menu-toggle').click();
    const suffix = phone ? '-side' : '';
    await page.getByTestId(`theme-switch${suffix}`).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await page.getByTestId(`language-select${suffix}`).selectOption('en');
    await expect(page.getByTestId('game-nav').getByRole('link', { name: 'Home' })).toBeVisible();
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect(page.getByTestId(`language-select${suffix}`)).toHaveValue('en');
    await expect(page.getByTestId('hot-games')).toContainText('Golden Dragon');
    await expect(page).toHaveTitle('Home | Aurora Bet');
  });
});

test.describe('member centre', () => {
  test('fits the screen: the menu and tables scroll sideways, never the page', async ({ page }) => {
    await page.addInitScript(() => sessionStorage.setItem('homePopupsClosed', '1'));
    await loginAs(page, 'demomember', 'Demo1234');
    for (const path of ['/member/transactionHistory', '/member/transferUpline', '/member/withdraw']) {
      await page.goto(path);
      await expect(page.getByTestId('member-centre')).toBeVisible();
      // Not window.innerWidth: a phone browser widens it to fit a page that overflows.
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, path).toBeLessThanOrEqual(page.viewportSize()!.width);
    }
  });
});

test.describe('fits the screen it is on', () => {
  test('the payment gateway page, the dice result at the end of the track and the category banners', async ({
    page,
  }, testInfo) => {
    const width = page.viewportSize()!.width;
    const pageWidth = () => page.evaluate(() => document.documentElement.scrollWidth);
    await page.addInitScript(() => sessionStorage.setItem('homePopupsClosed', '1'));
    await registerMember(page, 'fit');
    await page.goto('/member/depositv2');
    const form = page.getByTestId('deposit-form');
    await form.getByLabel(/^Valor/).fill('100');
    await form.getByRole('button', { name: 'Continuar' }).click();
    await expect(page.getByTestId('gateway-amount')).toHaveText('100,00 FUN');
    // Its card's padding came on top of its width: 415 px on a 390 px phone.
    expect(await pageWidth(), 'gateway').toBeLessThanOrEqual(width);
    await page.getByRole('button', { name: 'Pagar agora' }).click();
    await expect(page.getByTestId('deposit-status')).toHaveAttribute('data-status', 'credited');

    // The highest roll there is puts the result's label at the very end of the track: it stays inside.
    await page.route('**/api/originals/bet', async (route) => {
      const response = await route.fetch();
      const body = JSON.stringify(await response.json()).replace(/"roll":\d+/g, '"roll":9999');
      await route.fulfill({ response, body });
    });
    await page.goto('/originals/dice');
    await expect(page.getByTestId('og-balance')).toHaveText('100,00');
    await page.getByTestId('og-bet').click();
    await expect(page.getByTestId('og-result')).toHaveText(/^99[.,]99$/);
    const label = (await page.locator('.og-dice-marker span').boundingBox())!;
    const track = (await page.locator('.og-dice-track').boundingBox())!;
    expect(label.x).toBeGreaterThanOrEqual(track.x);
    expect(label.x + label.width).toBeLessThanOrEqual(track.x + track.width);
    expect(await pageWidth(), 'dice').toBeLessThanOrEqual(width);

    // On a phone the banner's text keeps to the left half, clear of the art's motif on the right.
    if (testInfo.project.name !== 'phone') return;
    for (const path of ['/rng', '/originals']) {
      await page.goto(path);
      const hero = (await page.locator('.category-hero').boundingBox())!;
      const text = (await page.locator('.category-hero > div').boundingBox())!;
      expect(text.x + text.width - hero.x, path).toBeLessThanOrEqual(hero.width * 0.6);
    }
  });
});
