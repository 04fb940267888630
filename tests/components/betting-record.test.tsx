import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { BetRecord } from '../../src/api/contract/records';
import { menusFixture } from '../support/fixtures';
import { renderSite } from '../support/render-app';

const member = {
  id: 5,
  account: 'demomember',
  nickname: null,
  type: 0,
  isAgent: false,
  isTrial: false,
  icon: 1,
  mobile: '11987654321',
  email: 'demo@aurora.example',
  language: 'pt' as const,
  twoFactor: false,
  createdAt: 1_700_000_000_000,
};

const dice: BetRecord = {
  roundId: 'dice-15',
  vassalage: 'BGS',
  gameCode: 'dice',
  gameName: 'Dados',
  gameType: 'INHOUSE',
  stake: 100,
  payout: 198,
  refunded: 0,
  validBet: 100,
  net: 98,
  status: 'settled',
  createdAt: new Date(2026, 10, 22, 9, 5, 7).getTime(),
  settledAt: new Date(2026, 10, 22, 9, 5, 7).getTime(),
};

describe('betting record', () => {
  afterEach(() => sessionStorage.clear());

  it('names the vendor and the round as a player reads them, not by their codes', async () => {
    const user = userEvent.setup();
    sessionStorage.setItem('token', 't'.repeat(43));
    await renderSite('/member/personalHistoryCopy', {
      setup: (server) => {
        server.respond('memberInfo', member);
        server.respond('gameMenus', [
          ...menusFixture,
          {
            gameType: 'INHOUSE',
            useGameListCenter: false,
            vendors: [
              {
                ...menusFixture[1]!.vendors[0]!,
                vassalage: 'BGS',
                accountTypeName: 'Aurora Originals',
                gameType: 'INHOUSE',
              },
            ],
          },
        ]);
        server.respond('betRecords', {
          items: [dice],
          total: 1,
          page: 1,
          pageSize: 20,
          summary: { stake: 100, payout: 198, validBet: 100, net: 98 },
          currency: 'FUN',
        });
        server.respond('betRound', { ...dice, movements: [] });
      },
    });
    const line = await screen.findByTestId('bet-line');
    expect(await within(line).findByText('Originais · Aurora Originals')).toBeInTheDocument();
    expect(line).toHaveTextContent('22/11/2026 09:05:07');
    expect(line).not.toHaveTextContent('BGS');
    await user.click(within(line).getByRole('button', { name: 'Dados' }));
    const detail = await screen.findByTestId('round-detail');
    expect(within(detail).getByTestId('round-reference')).toHaveTextContent('Dados nº 15');
    expect(detail).toHaveTextContent('Aurora Originals');
    expect(detail).not.toHaveTextContent('dice-15');
    expect(detail).not.toHaveTextContent('BGS');
  });
  it('names a lottery line by its draw, not its round id', async () => {
    const user = userEvent.setup();
    sessionStorage.setItem('token', 't'.repeat(43));
    const line: BetRecord = {
      ...dice,
      roundId: 'L12',
      draw: '20261127-0843',
      vassalage: 'ELOTT',
      gameCode: 'ssc1',
      gameName: 'SSC Relâmpago 1′',
      gameType: 'ELOTT',
    };
    await renderSite('/member/personalHistoryCopy', {
      setup: (server) => {
        server.respond('memberInfo', member);
        server.respond('betRecords', {
          items: [line],
          total: 1,
          page: 1,
          pageSize: 20,
          summary: { stake: 100, payout: 198, validBet: 100, net: 98 },
          currency: 'FUN',
        });
        server.respond('betRound', { ...line, movements: [] });
      },
    });
    const row = await screen.findByTestId('bet-line');
    await user.click(within(row).getByRole('button', { name: 'SSC Relâmpago 1′' }));
    const detail = await screen.findByTestId('round-detail');
    expect(within(detail).getByTestId('round-reference')).toHaveTextContent(
      'Concurso 20261127-0843 · aposta nº 12',
    );
    expect(detail).not.toHaveTextContent('L12');
    expect(detail).not.toHaveTextContent('ssc1');
  });
});
