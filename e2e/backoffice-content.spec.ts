import { crc32, deflateSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { expectNoSeriousViolations } from './axe';
import { expect, openBackoffice, test } from './fixtures';

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => sessionStorage.setItem('homePopupsClosed', '1'));
});

/** A real PNG of one colour, as an operator's design tool would export a banner. */
function solidPng(width: number, height: number, [r, g, b]: [number, number, number]) {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  const row = Buffer.concat([
    Buffer.from([0]),
    Buffer.from(Array.from({ length: width }, () => [r, g, b]).flat()),
  ]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Confirms the operator-task dialog with a reason and waits for it to close. */
async function confirmTask(page: Page, reason: string) {
  const dialog = page.getByTestId('bo-task');
  await dialog.getByLabel(/Motivo/).fill(reason);
  await dialog.getByRole('button', { name: 'Confirmar' }).click();
  await expect(dialog).toHaveCount(0);
}

const noSidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test('an operator publishes a banner in the back office and a visitor sees it on the home', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const title = `Torneio e2e ${Date.now() % 100000}`;
  const bo = await openBackoffice(browser);
  await bo.page.getByRole('button', { name: 'Banners', exact: true }).click();
  await bo.page.getByTestId('bo-banner-new').click();
  const editor = bo.page.getByTestId('bo-banner-editor');
  await editor
    .getByTestId('bo-image-file')
    .setInputFiles({ name: 'torneio.png', mimeType: 'image/png', buffer: solidPng(192, 56, [109, 40, 217]) });
  await expect(editor.getByText('192 × 56 px')).toBeVisible();
  await editor.getByLabel('Título (PT)', { exact: true }).fill(title);
  await editor.getByLabel('Título (EN)', { exact: true }).fill('E2E tournament');
  await editor.getByLabel('Subtítulo (PT)').fill('Só com dinheiro fictício');
  await editor.getByLabel('Subtítulo (EN)').fill('Play money only');
  await editor.getByLabel('Botão "Ver mais"').selectOption({ label: 'Página do site' });
  await editor.getByLabel('Destino').fill('/originals');

  // The preview shows it with the site's own banner, at a phone's width first, in either language.
  const preview = editor.getByTestId('bo-preview');
  const frame = preview.frameLocator('[data-testid="bo-preview-frame"]');
  await expect(preview.getByTestId('bo-preview-frame')).toHaveAttribute('data-width', '390');
  await expect(frame.getByTestId('banner-slide')).toContainText(title);
  await expect(frame.getByTestId('banner-slide')).toContainText('Ver mais');
  await preview.getByRole('button', { name: 'EN', exact: true }).click();
  await expect(frame.getByTestId('banner-slide')).toContainText('E2E tournament');
  await preview.getByTestId('bo-preview-desktop').click();
  await expect(preview.getByTestId('bo-preview-frame')).toHaveAttribute('data-width', '1280');
  await expectNoSeriousViolations(bo.page, 'the banner editor');

  await editor.getByTestId('bo-save').click();
  await expect(bo.page.getByTestId('bo-task')).toContainText(title);
  await confirmTask(bo.page, 'Campanha do torneio');
  await expect(editor).toHaveCount(0);
  const item = bo.page.getByTestId('bo-banners').locator('li', { hasText: title });
  await expect(item).toContainText('No ar');

  // A visitor sees it on the home within the brand's cache time.
  await expect(async () => {
    await page.goto('/');
    await expect(page.getByTestId('banner-carousel')).toContainText(title, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  const slide = page.getByTestId('banner-slide').filter({ hasText: title }).first();
  await expect(slide).toHaveAttribute('style', /\/api\/content\/media\/[0-9a-f]{64}\.png/);

  // Switched off, it leaves the home.
  await item.getByRole('button', { name: 'Desligar' }).click();
  await confirmTask(bo.page, 'Campanha encerrada');
  await expect(item).toContainText('Desligado');
  await expect(async () => {
    await page.goto('/');
    await expect(page.getByTestId('banner-carousel')).toBeVisible();
    await expect(page.getByTestId('banner-carousel')).not.toContainText(title, { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await bo.close();
});

test('an operator edits the terms and a visitor reads them in the help centre', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const marker = `Revisão e2e ${Date.now() % 100000}`;
  const bo = await openBackoffice(browser);
  await bo.page.getByRole('button', { name: 'Ajuda e páginas legais', exact: true }).click();
  const terms = bo.page.getByTestId('bo-page-terms');
  await expect(terms).toContainText('Termos e condições');
  await terms.getByRole('button', { name: 'Editar' }).click();
  const editor = bo.page.getByTestId('bo-page-editor');
  await expect(editor.getByLabel('Código (endereço)')).toBeDisabled();

  const pt = editor.getByRole('textbox', { name: 'Texto (PT)' });
  await expect(pt).toContainText('O serviço');
  await pt.fill(`${marker}: este site usa apenas dinheiro fictício.`);
  await editor.getByRole('button', { name: 'EN', exact: true }).first().click();
  const en = editor.getByRole('textbox', { name: 'Texto (EN)' });
  await en.fill(`${marker}: this site uses play money only.`);

  const frame = editor.frameLocator('[data-testid="bo-preview-frame"]');
  await expect(frame.locator('#terms')).toContainText(`${marker}: este site usa apenas dinheiro fictício.`);
  await expect(frame.locator('#terms')).toContainText('Atualizado em');

  await editor.getByTestId('bo-save').click();
  await confirmTask(bo.page, 'Revisão jurídica dos termos');
  await expect(editor).toHaveCount(0);
  await expect(terms).toContainText('Alterada em');

  // A visitor reads the new terms, in Portuguese, from the footer's link.
  await expect(async () => {
    await page.goto('/help#terms');
    await expect(page.locator('#terms')).toContainText(marker, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await expect(page.locator('#terms')).toContainText('Atualizado em');
  await expect(page.locator('#terms script')).toHaveCount(0);
  await bo.close();
});

test('the content pages fit a desktop, a tablet and a phone with no sideways scroll', async ({ browser }) => {
  // Nine editors, each with its preview frame loading the site's components.
  test.setTimeout(240_000);
  const bo = await openBackoffice(browser);
  for (const width of [1280, 820, 390]) {
    await bo.page.setViewportSize({ width, height: 900 });
    for (const [tab, open] of [
      ['Banners', 'bo-banner-new'],
      ['Avisos e popups', 'bo-announcement-new'],
      ['Ajuda e páginas legais', 'bo-page-new'],
    ] as const) {
      await bo.page.getByRole('button', { name: tab, exact: true }).click();
      await bo.page.getByTestId(open).click();
      await expect(bo.page.getByTestId('bo-preview').or(bo.page.getByText('Envie uma imagem'))).toBeVisible();
      expect({ width, tab, overflow: await noSidewaysScroll(bo.page) }).toEqual({ width, tab, overflow: 0 });
      await bo.page.getByRole('button', { name: 'Cancelar' }).click();
    }
  }
  // A popup's preview: the site's own popup, for visitors (execution B).
  await bo.page.setViewportSize({ width: 1280, height: 900 });
  await bo.page.getByRole('button', { name: 'Avisos e popups', exact: true }).click();
  await bo.page.getByTestId('bo-announcement-new').click();
  const editor = bo.page.getByTestId('bo-announcement-editor');
  await editor.getByRole('combobox', { name: 'Tipo', exact: true }).selectOption({ label: 'Popup' });
  await editor.getByLabel('Título (PT)', { exact: true }).fill('Bem-vindo à demonstração');
  await editor.getByRole('textbox', { name: 'Texto (PT)' }).fill('Tudo aqui é dinheiro fictício.');
  const frame = editor.frameLocator('[data-testid="bo-preview-frame"]');
  await expect(frame.getByTestId('preview-popup')).toContainText('Bem-vindo à demonstração');
  await expect(frame.getByTestId('preview-popup')).toContainText('Tudo aqui é dinheiro fictício.');
  await expectNoSeriousViolations(bo.page, 'the announcement editor');
  await bo.close();
});
