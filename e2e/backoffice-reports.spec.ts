import { expectNoSeriousViolations } from './axe';
import { expect, openBackoffice, test } from './fixtures';

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => sessionStorage.setItem('homePopupsClosed', '1'));
});

test("the demo admin opens the dashboard and reads yesterday's GGR, at desktop, tablet and phone width", async ({
  browser,
}) => {
  const { page, close } = await openBackoffice(browser);
  await page.getByRole('button', { name: 'Painel', exact: true }).click();
  const panel = page.getByTestId('bo-reports');
  await expect(panel.getByRole('heading', { name: 'Painel' })).toBeVisible();

  await panel.getByTestId('reports-period-yesterday').click();
  await expect(panel.getByTestId('reports-period-yesterday')).toHaveAttribute('aria-pressed', 'true');
  // The figure the page shows is the server's, written the Brazilian way (1.234,56).
  const token = await page.evaluate(() => sessionStorage.getItem('operatorToken'));
  expect(token).toBeTruthy();
  const ggr = panel.getByTestId('kpi-ggr');
  await expect(ggr).toContainText('GGR');
  await expect(ggr.locator('.bo-kpi-value')).toHaveText(/^-?\d{1,3}(\.\d{3})*,\d{2}$/);
  {
    const answer = await page.request.get('/api/backoffice/reports/dashboard?preset=yesterday', {
      headers: { authorization: `Bearer ${token}` },
    });
    const value = (await answer.json()).value as { totals: { ggr: number } };
    const minor = value.totals.ggr;
    const text = `${minor < 0 ? '-' : ''}${Math.floor(Math.abs(minor) / 100).toLocaleString('pt-BR')},${String(Math.abs(minor) % 100).padStart(2, '0')}`;
    await expect(ggr.locator('.bo-kpi-value')).toHaveText(text);
  }
  // The charts load (uPlot, only on this page) and the tables offer their CSV.
  await expect(panel.locator('.bo-chart canvas').first()).toBeVisible();
  await expect(panel.getByTestId('reports-csv-cohorts')).toBeVisible();
  const download = page.waitForEvent('download');
  await panel.getByTestId('reports-csv-cohorts').click();
  expect((await download).suggestedFilename()).toMatch(/^cohorts-.*\.csv$/);
  await expectNoSeriousViolations(page, 'the back office dashboard');

  for (const width of [820, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await panel.getByTestId('reports-period-prev30').click();
    await expect(panel.getByTestId('kpi-ggr')).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `no sideways scroll at ${width} px`).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `test-results/backoffice-reports-${width}.png`, fullPage: true });
  }
  await close();
});
