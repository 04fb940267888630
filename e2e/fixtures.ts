import { test as base, expect, type Page } from '@playwright/test';

/** The address of the second server, started with MAINTENANCE_MODE=true. */
export const maintenanceURL = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 4310) + 1}`;

/** Closes the guest popups the way a visitor does, so they do not cover what a test looks at. */
export async function closePopups(page: Page) {
  const popups = page.getByTestId('home-popups');
  await popups.waitFor({ state: 'visible' });
  await popups.getByRole('button', { name: /Fechar|Close/ }).click();
  await expect(popups).toBeHidden();
}

export const test = base;
export { expect };
