import { expect, test } from './fixtures';

// Guest visits that change nothing on the server: spread over the workers.
test.describe.configure({ mode: 'parallel' });

const screens: Array<[string, string]> = [
  ['/', 'home-page'],
  ['/index', 'home-page'],
  ['/index.html', 'home-page'],
  ['/home', 'home-page'],
  ['/help', 'help-page'],
  ['/sports', 'category-page'],
  ['/esports', 'category-page'],
  ['/live', 'category-page'],
  ['/lott', 'category-page'],
  ['/elott', 'category-page'],
  ['/fish', 'category-page'],
  ['/pvp', 'category-page'],
  ['/rng', 'category-page'],
  ['/cockfight', 'category-page'],
  ['/promotions', 'promotions-page'],
  ['/pointMall', 'coming-soon'],
  ['/fbSport', 'sb-page'],
  ['/fbSport/results', 'sb-page'],
  ['/esportsBook', 'sb-page'],
  ['/download', 'download-page'],
  ['/definitely/not/here', 'not-found'],
];

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => sessionStorage.setItem('homePopupsClosed', '1'));
});

for (const [path, testId] of screens) {
  test(`${path} reaches its screen`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByTestId(testId)).toBeVisible();
  });
}

for (const path of ['/lottery', '/seaLottery', '/vnLottery', '/seamless', '/gameListCenter?vassalage=NOVA']) {
  test(`${path} sends a guest to log in`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByTestId('account-modal')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  });
}

for (const [path, tab] of [
  ['/login', 'Entrar'],
  ['/register', 'Cadastrar'],
] as const) {
  test(`${path} shows home with the account popup, then returns the address to /`, async ({ page }) => {
    await page.goto(path);
    const modal = page.getByTestId('account-modal');
    await expect(modal.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('home-page')).toBeVisible();
  });
}

test('the side menu closes itself on the lottery and seamless pages', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/help');
  const side = page.getByTestId('side-menu');
  await expect(side).toHaveAttribute('data-open', 'true');
  await page.getByTestId('game-nav').getByRole('link', { name: 'Slots' }).click();
  await expect(side).toHaveAttribute('data-open', 'true');
  await page.goto('/seamless');
  await expect(side).toHaveAttribute('data-open', 'false');
});

test('the help centre opens at the section a footer link names', async ({ page }) => {
  await page.goto('/');
  await page.getByTestId('site-footer').getByRole('link', { name: 'Termos e condições' }).click();
  await expect(page).toHaveURL(/\/help#terms$/);
  await expect(page.locator('#terms')).toBeInViewport();
});
