import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderSite } from '../support/render-app';

describe('site layout', () => {
  it('shows the header with logo, navigation from the server order, and guest buttons', async () => {
    await renderSite('/');
    const header = await screen.findByTestId('site-header');
    expect(within(header).getAllByText('Test Bet').length).toBeGreaterThan(0);
    const nav = await within(header).findByTestId('game-nav');
    const labels = within(nav)
      .getAllByRole('listitem')
      .map((li) => li.querySelector('.game-nav-link')?.textContent);
    // FISH has no vendor, so it is left out; promotions and customer service always close the list.
    expect(labels).toEqual([
      'Início',
      'Loteria',
      'Ao vivo',
      'Esportes',
      'Slots',
      'Rinha',
      'Promoções',
      'Atendimento',
    ]);
    expect(within(nav).getByText('Loteria').closest('a')).toHaveAttribute('href', '/seaLottery');
    expect(within(nav).getByText('Esportes').closest('a')).toHaveAttribute('href', '/fbSport');
    // A tab without a session first asks the browser's other tabs for one (up to 300 ms), then is a guest.
    expect(await within(header).findByRole('button', { name: 'Entrar' })).toBeVisible();
    expect(within(header).getByRole('button', { name: 'Cadastre-se' })).toBeVisible();
  });

  it('shows vendors in the hover drop-menu of a category', async () => {
    await renderSite('/');
    const drop = await screen.findByTestId('nav-drop-lottery');
    expect(
      within(drop)
        .getAllByRole('menuitem')
        .map((b) => b.textContent),
    ).toEqual(['TCG_SEA Games', 'LOTT Games']);
  });

  it('switches theme and remembers it', async () => {
    const user = userEvent.setup();
    await renderSite('/');
    const toggle = await screen.findByTestId('theme-switch');
    await user.click(toggle);
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(localStorage.getItem('theme')).toBe('dark');
    await user.click(toggle);
    expect(document.documentElement.dataset.theme).toBe('light');
    expect(localStorage.getItem('theme')).toBe('light');
  });

  it('changes language, stores it and tells the server', async () => {
    const user = userEvent.setup();
    const { server } = await renderSite('/');
    await user.selectOptions(await screen.findByTestId('language-select'), 'en');
    await screen.findByRole('button', { name: 'Log in' });
    expect(localStorage.getItem('lang')).toBe('en');
    await waitFor(() =>
      expect(server.calls.find((c) => c.path === '/api/preferences/language')?.body).toEqual({
        language: 'en',
      }),
    );
    // Home content is asked for again, now in the page's new language.
    await waitFor(() =>
      expect(
        server.calls.some((c) => c.path.endsWith('MCSFE_getListAnnouncements') && c.language === 'en'),
      ).toBe(true),
    );
  });

  it('replaces a stored language the brand does not support with its default', async () => {
    localStorage.setItem('lang', 'fr');
    await renderSite('/');
    await screen.findByTestId('site-header');
    expect(localStorage.getItem('lang')).toBe('pt');
  });

  it('lists game types, customer service, app QR codes and social links in the side menu', async () => {
    await renderSite('/');
    const side = await screen.findByTestId('side-menu');
    expect(await within(side).findByText('Rinha')).toBeInTheDocument();
    expect(within(side).getByText('Chat 24h')).toBeInTheDocument();
    expect(within(side).getByText('Telegram')).toBeInTheDocument();
    const qr = within(side).getByAltText('iOS') as HTMLImageElement;
    expect(qr.src).toContain('/api/qr.svg?text=https%3A%2F%2Ft.example%2Fapp.mobileconfig');
    expect(within(side).getByAltText('Android')).toBeInTheDocument();
    expect(within(side).getByLabelText('Facebook')).toHaveAttribute('href', 'https://facebook.com/t');
  });

  it('toggles the side menu from the header', async () => {
    const user = userEvent.setup();
    await renderSite('/');
    const side = await screen.findByTestId('side-menu');
    const before = side.dataset.open;
    await user.click(screen.getByTestId('side-menu-toggle'));
    expect(side.dataset.open).not.toBe(before);
  });

  it('shows vendor icons, help links, copyright and the age notice in the footer', async () => {
    await renderSite('/');
    const footer = await screen.findByTestId('site-footer');
    expect(await within(footer).findByAltText('NOVA Games')).toBeInTheDocument();
    expect(within(footer).getByRole('link', { name: 'Termos e condições' })).toHaveAttribute(
      'href',
      '/help#terms',
    );
    expect(within(footer).getByTestId('age-notice')).toHaveTextContent(/18 anos/);
    expect(within(footer).getByText(/© \d{4} Test Bet/)).toBeInTheDocument();
  });
});

describe('system status screens', () => {
  it('shows the maintenance screen with the operator message for status 1', async () => {
    await renderSite('/', { status: 1 });
    const screenEl = await screen.findByTestId('maintenance-screen');
    expect(screenEl).toHaveTextContent('Back at noon');
    expect(screen.queryByTestId('site-header')).toBeNull();
  });

  it('shows the region-blocked screen with the visitor IP and customer service for status 2', async () => {
    await renderSite('/', { status: 2 });
    expect(await screen.findByTestId('blocked-screen')).toBeInTheDocument();
    expect(screen.getByTestId('blocked-ip')).toHaveTextContent('10.0.0.7');
    expect(screen.getByRole('button', { name: 'Falar com o atendimento ao cliente' })).toBeInTheDocument();
  });

  it('switches to maintenance when any call answers MAINTENANCE', async () => {
    const user = userEvent.setup();
    const { server } = await renderSite('/');
    await screen.findByTestId('site-header');
    server.respond('systemStatus', { status: 1, ip: '10.0.0.7', message: null });
    server.fail('helpCenter', 503, 'MAINTENANCE');
    // A page that loads fresh data meets the 503, and the whole site follows.
    await user.click(within(screen.getByTestId('site-footer')).getByRole('link', { name: 'Sobre nós' }));
    expect(await screen.findByTestId('maintenance-screen')).toHaveTextContent('Sistema em manutenção');
  });

  it('says why the site cannot be reached and recovers on retry', async () => {
    const user = userEvent.setup();
    const { server } = await renderSite('/', { setup: (s) => s.fail('whitelabel', 500, 'INTERNAL') });
    const failed = await screen.findByTestId('site-failed');
    expect(failed).toHaveTextContent('Erro desconhecido');
    server.respond('whitelabel', (await import('../support/fixtures')).whitelabelFixture);
    await user.click(within(failed).getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByTestId('site-header')).toBeInTheDocument();
  });
});
