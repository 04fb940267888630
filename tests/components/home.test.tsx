import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderSite } from '../support/render-app';

describe('home page', () => {
  it('shows the banners with "See more" only where a link is set, and the jackpot', async () => {
    await renderSite('/');
    const hero = await screen.findByTestId('banner-carousel');
    const first = within(hero)
      .getAllByText('Banner one')[0]!
      .closest('[data-testid="banner-slide"]') as HTMLElement;
    const second = within(hero)
      .getAllByText('Banner two')[0]!
      .closest('[data-testid="banner-slide"]') as HTMLElement;
    expect(within(first).getByRole('button', { name: 'Ver mais' })).toBeInTheDocument();
    expect(within(second).queryByRole('button', { name: 'Ver mais' })).toBeNull();
    const amount = within(screen.getByTestId('jackpot')).getByText(/^\d{1,3}(\.\d{3})+$/);
    const value = Number(amount.textContent!.replace(/\./g, ''));
    expect(value).toBeGreaterThanOrEqual(2_100_000_000);
    expect(value).toBeLessThan(3_000_000_000);
  });

  it('shows the notice marquee, hot games and the winner board with formatted amounts', async () => {
    await renderSite('/');
    expect((await screen.findByTestId('notice-marquee')).textContent).toContain('Scheduled maintenance');
    expect(await screen.findByTestId('hot-games')).toHaveTextContent('Dragão');
    const board = await screen.findByTestId('winner-board');
    expect(within(board).getAllByText('1.234.567,89')[0]).toBeInTheDocument();
  });

  it('caches hot games and the winner board for the session', async () => {
    const { server, unmount } = await renderSite('/');
    await screen.findByTestId('hot-games');
    unmount();
    const before = server.calls.filter((c) => c.path.endsWith('GCSGAME_hotGamesV2')).length;
    expect(sessionStorage.getItem('cache:hotGames:pt')).toContain('Dragão');
    expect(sessionStorage.getItem('cache:winnerBoard:pt')).toContain('ma***88');
    expect(before).toBe(1);
  });

  it('shows guest popups, one item open at a time, with sanitized HTML, and remembers closing', async () => {
    const user = userEvent.setup();
    const { server } = await renderSite('/');
    const popups = await screen.findByTestId('home-popups');
    const popupCall = server.calls.find((c) => c.url.searchParams.get('types') === 'popup');
    expect(popupCall?.url.searchParams.get('execution')).toBe('B');
    const heads = within(popups).getAllByRole('button', { expanded: true });
    expect(heads).toHaveLength(1);
    await waitFor(() => expect(popups.querySelector('.ann-content')?.innerHTML).toContain('Hello'));
    expect(popups.innerHTML).not.toContain('onerror');
    expect(popups.innerHTML).not.toContain('<script');
    // Portuguese dates, day first.
    expect(within(popups).getAllByText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/)).toHaveLength(2);

    await user.click(within(popups).getByText('Second popup'));
    expect(within(popups).getAllByRole('button', { expanded: true })).toHaveLength(1);
    expect(within(popups).getByText('Second popup').closest('button')).toHaveAttribute(
      'aria-expanded',
      'true',
    );

    await user.click(within(popups).getByRole('button', { name: 'Fechar' }));
    expect(screen.queryByTestId('home-popups')).toBeNull();
    expect(sessionStorage.getItem('homePopupsClosed')).toBe('1');
  });

  it('does not show popups again in a session where they were closed', async () => {
    sessionStorage.setItem('homePopupsClosed', '1');
    await renderSite('/');
    await screen.findByTestId('hot-games');
    expect(screen.queryByTestId('home-popups')).toBeNull();
  });

  it('opens the account popup in login mode from /login and puts the address back to /', async () => {
    await renderSite('/login');
    const modal = await screen.findByTestId('account-modal');
    expect(within(modal).getByRole('tab', { name: 'Entrar' })).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(window.location.pathname).toBe('/'));
    expect(await screen.findByTestId('home-page')).toBeInTheDocument();
  });

  it('opens the account popup in register mode from /register', async () => {
    await renderSite('/register');
    const modal = await screen.findByTestId('account-modal');
    expect(within(modal).getByRole('tab', { name: 'Cadastrar' })).toHaveAttribute('aria-selected', 'true');
  });
});

describe('routes', () => {
  it.each([
    ['/sports', 'category-page'],
    ['/help', 'help-page'],
    ['/promotions', 'promotions-page'],
    ['/pointMall', 'coming-soon'],
    ['/fbSport', 'sb-page'],
    ['/download', 'download-page'],
    ['/no/such/page', 'not-found'],
  ])('%s reaches its screen', async (path, testId) => {
    await renderSite(path);
    expect(await screen.findByTestId(testId)).toBeInTheDocument();
  });

  it('/agentHome shows the agent login to a guest', async () => {
    await renderSite('/agentHome');
    expect(await screen.findByTestId('agent-login-page')).toHaveTextContent('Login de agentes');
    expect(screen.getByTestId('login-form')).toBeInTheDocument();
    // The remember-me box is hidden on the agent page.
    expect(screen.queryByLabelText('Lembrar de mim')).toBeNull();
  });

  it.each(['/lottery', '/seaLottery', '/vnLottery', '/seamless', '/gameListCenter?vassalage=NOVA'])(
    '%s sends a guest to the login popup',
    async (path) => {
      await renderSite(path);
      expect(await screen.findByTestId('account-modal')).toBeInTheDocument();
      await waitFor(() => expect(window.location.pathname).toBe('/'));
    },
  );

  it('sets the page title from the section key and the brand name', async () => {
    await renderSite('/live');
    await screen.findByTestId('category-page');
    await waitFor(() => expect(document.title).toBe('Cassino ao vivo | Test Bet'));
  });
});

describe('errors in pages', () => {
  it('says a network failure in the visitor language', async () => {
    await renderSite('/help', {
      setup: (s) =>
        s.respond('helpCenter', () => {
          throw new TypeError('Failed to fetch');
        }),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'A conexão de rede está instável, tente novamente',
    );
  });

  it('maps a server code to its catalogue message', async () => {
    await renderSite('/promotions', { setup: (s) => s.fail('announcements', 429, 'RATE_LIMITED', 'x') });
    expect(await screen.findByRole('alert')).toHaveTextContent('Muitas solicitações');
  });
});

describe('home promotions carousel', () => {
  const promo = (id: number) => ({
    id,
    title: `Promo ${id}`,
    content: '<p>x</p>',
    startDateStr: 0,
    promotionType: 'NEW',
    announcementImages: [{ sequence: 1, url: `/art/promo/p${id}.svg` }],
  });

  it.each([
    [4, 'false'],
    [5, 'true'],
  ])('with %i promotions shows arrows: %s', async (count, arrows) => {
    const { announcementsFixture } = await import('../support/fixtures');
    await renderSite('/', {
      setup: (s) =>
        s.respond('announcements', {
          ...announcementsFixture,
          promotions: Array.from({ length: count }, (_, i) => promo(i + 1)),
        }),
    });
    const carousel = await screen.findByTestId('promotions-carousel');
    expect(within(carousel).getAllByTestId('promo-card')).toHaveLength(count);
    expect(carousel.querySelector('[data-arrows]')?.getAttribute('data-arrows')).toBe(arrows);
    expect(carousel.querySelectorAll('.swiper-button-next').length).toBe(arrows === 'true' ? 1 : 0);
  });
});
