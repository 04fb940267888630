import { expect, test } from './fixtures';

test('a site in maintenance shows the full-page maintenance screen', async ({ page, maintenanceURL }) => {
  await page.goto(`${maintenanceURL}/`);
  const screen = page.getByTestId('maintenance-screen');
  await expect(screen).toContainText('Sistema em manutenção');
  await expect(screen).toContainText('Estamos melhorando a plataforma');
  await expect(page.getByTestId('site-header')).toHaveCount(0);
});

test.describe('from a blocked region', () => {
  test.use({ extraHTTPHeaders: { 'X-Forwarded-For': '203.0.113.9' } });

  test('shows the blocked screen with the visitor IP and a customer-service button', async ({ page }) => {
    await page.goto('/');
    const screen = page.getByTestId('blocked-screen');
    await expect(screen).toContainText('Acesso restrito');
    await expect(page.getByTestId('blocked-ip')).toHaveText('203.0.113.9');
    await expect(screen.getByRole('button', { name: 'Falar com o atendimento ao cliente' })).toBeVisible();
  });
});
