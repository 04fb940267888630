import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { whitelabelFixture } from '../support/fixtures';
import { renderSite } from '../support/render-app';

const withApps = (types: string[]) => ({
  ...whitelabelFixture,
  resources: whitelabelFixture.resources.filter(
    (r) => !['MOBILECONFIG', 'Android'].includes(r.resourceType) || types.includes(r.resourceType),
  ),
});

describe('app download page', () => {
  it('offers each app the brand published, with its own link and QR code', async () => {
    await renderSite('/download');
    const ios = await screen.findByTestId('download-ios');
    expect(within(ios).getByRole('link', { name: 'Baixar' })).toHaveAttribute(
      'href',
      'https://t.example/app.mobileconfig',
    );
    expect(within(screen.getByTestId('download-android')).getByRole('link')).toHaveAttribute(
      'href',
      'https://t.example/app.apk',
    );
    expect(screen.queryByTestId('download-none')).not.toBeInTheDocument();
  });

  it('offers only the Android app when the brand published only that one', async () => {
    await renderSite('/download', { setup: (s) => s.respond('whitelabel', withApps(['Android'])) });
    await screen.findByTestId('download-android');
    expect(screen.queryByTestId('download-ios')).not.toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Baixar' })).toHaveLength(1);
  });

  it.each([
    ['pt', 'Ainda não há app Test Bet', /ainda não publicou um app/],
    ['en', 'No Test Bet app yet', /has not published an app/],
  ] as const)(
    'in %s says there is no app, with no link, when the brand published none',
    async (lang, title, text) => {
      await renderSite('/download', { lang, setup: (s) => s.respond('whitelabel', withApps([])) });
      expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
      expect(screen.getByTestId('download-none')).toHaveTextContent(text);
      const page = screen.getByTestId('download-page');
      expect(within(page).queryAllByRole('link')).toEqual([]);
      expect(within(page).queryAllByRole('img')).toEqual([]);
    },
  );
});
