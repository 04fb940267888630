import { expect, test } from './fixtures';

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => sessionStorage.setItem('homePopupsClosed', '1'));
});

test('a screen whose code cannot be fetched shows the load error named "missing"', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('home-page')).toBeVisible();
  await page.route(/\/assets\/HelpPage-[^/]+\.js$/, (route) => route.abort());
  await page.getByTestId('site-footer').getByRole('link', { name: 'Sobre nós' }).click();
  const error = page.getByTestId('load-error');
  await expect(error).toHaveAttribute('data-type', 'missing');
  await expect(error).toContainText('Não foi possível carregar esta página');
  await expect(error.getByRole('button', { name: 'Recarregar' })).toBeVisible();
  // The rest of the site keeps working around the failed screen.
  await expect(page.getByTestId('site-header')).toBeVisible();
});

test('a screen whose stylesheet cannot be fetched shows CSS_CHUNK_LOAD_FAILED', async ({ page }) => {
  // The home screen's code and style come in the file named after its group (vite.config.ts).
  await page.route(/\/assets\/home-[^/]+\.css$/, (route) => route.abort());
  await page.goto('/help');
  await expect(page.getByTestId('help-page')).toBeVisible();
  await page.getByTestId('game-nav').getByRole('link', { name: 'Início' }).click();
  await expect(page.getByTestId('load-error')).toHaveAttribute('data-type', 'CSS_CHUNK_LOAD_FAILED');
  await expect(page.getByTestId('load-error')).toContainText('CSS_CHUNK_LOAD_FAILED');
});
