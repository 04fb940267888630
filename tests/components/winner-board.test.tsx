import { render, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RankEntry } from '../../src/api/contract/games';
import { WinnerBoard } from '../../src/features/home/WinnerBoard';
import { initI18n } from '../../src/i18n';

const win = (account: string, gameName: string, wonAt: number): RankEntry => ({
  vo: {
    account,
    gameName,
    vassalage: 'NOVA',
    gameCategory: 'RNG',
    winAmount: 9_750_000,
    currency: 'FUN',
    wonAt,
  },
});

beforeAll(async () => {
  await initI18n('pt');
});

describe('winner board', () => {
  it('shows each of a few wins once, standing still (a player saw the same two wins over and over)', () => {
    render(<WinnerBoard entries={[win('ma***88', 'Dragão Dourado', 1), win('jo***12', 'Dados', 2)]} />);
    const board = screen.getByTestId('winner-board');
    expect(within(board).getAllByText('ma***88')).toHaveLength(1);
    expect(within(board).getAllByText('jo***12')).toHaveLength(1);
    expect(within(board).getAllByText('97.500,00')).toHaveLength(2);
    expect(board.querySelector('.winners-viewport')).not.toHaveClass('is-scrolling');
  });
});
