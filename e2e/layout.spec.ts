import { closePopups, expect, loginAs, test } from './fixtures';

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
