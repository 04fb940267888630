import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { LotteryDraw, LotteryGame, LotteryLine } from '../../src/api/contract/lottery';
import { drawResult } from '../../src/lottery/results';
import { lineLeaf, mixOfLeaves } from '../../src/lottery/verify';
import { commitmentOf } from '../../src/originals/fair';
import type { FakeServer } from '../support/fake-server';
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

const game: LotteryGame = {
  code: 'ssc1',
  vendor: 'ELOTT',
  family: 'ssc',
  name: 'SSC 1 minuto',
  schedule: { kind: 'interval', minutes: 1 },
  closeSeconds: 10,
  maxChase: 60,
  enabled: true,
  betTypes: [{ code: 'ssc.star2', enabled: true, odds: { win: 9_750 }, minStake: 100, maxStake: 1_000_000 }],
};

const seed = 'a3f1c2d4e5b6978812345678900abcdef0123456789abcdef0123456789abcd';
const cancelledSeed = 'b3f1c2d4e5b6978812345678900abcdef0123456789abcdef0123456789abcd';
const t0 = 1_800_000_000_000;

const myLine: LotteryLine = {
  id: 41,
  game: 'ssc1',
  draw: '20261127-0001',
  drawsAt: t0,
  drawStatus: 'settled',
  betType: 'ssc.star2',
  selection: [[1], [2]],
  combos: 1,
  unit: 100,
  multiplier: 3,
  stake: 300,
  odds: { win: 9_750 },
  payout: 0,
  status: 'lost',
  chaseId: null,
  createdAt: t0 - 30_000,
  salt: '00112233445566778899aabbccddeeff',
  leaf: null,
};
const others = ['1'.repeat(64), 'f'.repeat(64)];
const leaves = [lineLeaf({ ...myLine, salt: myLine.salt! }), ...others].sort();
const mix = mixOfLeaves(leaves);

const draw = (over: Partial<LotteryDraw>): LotteryDraw => ({
  number: '20261127-0001',
  opensAt: t0 - 60_000,
  closesAt: t0 - 10_000,
  drawsAt: t0,
  status: 'settled',
  seedHash: commitmentOf(seed),
  mix,
  mixScheme: 2,
  betCount: 3,
  serverSeed: seed,
  result: drawResult('ssc', seed, mix) as unknown as Record<string, unknown>,
  zodiacOfOne: null,
  cancelReason: null,
  cancelledAt: null,
  ...over,
});
const settled = draw({});
const cancelled = draw({
  number: '20261127-0002',
  status: 'cancelled',
  seedHash: commitmentOf(cancelledSeed),
  serverSeed: cancelledSeed,
  mix: mixOfLeaves([]),
  betCount: 0,
  result: null,
  cancelReason: 'results feed failed',
  cancelledAt: t0 + 50_000,
  opensAt: t0,
  closesAt: t0 + 50_000,
  drawsAt: t0 + 60_000,
});

function site(published: string[]) {
  return (server: FakeServer) => {
    server.respond('memberInfo', member);
    server.respond('lotteryGames', { games: [game], currency: 'FUN' });
    server.respond('lotteryState', {
      game,
      now: Date.now(),
      upcoming: [
        draw({
          number: '20261127-0009',
          status: 'open',
          opensAt: Date.now() - 1_000,
          closesAt: Date.now() + 3_600_000,
          drawsAt: Date.now() + 3_610_000,
          mix: null,
          mixScheme: null,
          betCount: null,
          serverSeed: null,
          result: null,
        }),
      ],
      last: settled,
    });
    server.respond('lotteryResults', { draws: [cancelled, settled] });
    server.respond('lotteryDrawLines', (url) => {
      const number = url.searchParams.get('number');
      return number === settled.number
        ? { number, status: 'settled', mixScheme: 2, mix, betCount: 3, leaves: published }
        : { number: number!, status: 'cancelled', mixScheme: 2, mix: cancelled.mix, betCount: 0, leaves: [] };
    });
    server.respond('myLotteryLines', (url) => ({
      lines: url.searchParams.get('draw') === settled.number ? [myLine] : [],
      next: null,
    }));
  };
}

// The lottery page is a lazy chunk: its first load in a test process takes seconds on a busy machine.
const slow = { timeout: 15_000 };
describe('lottery results: Verificar', { timeout: 30_000 }, () => {
  afterEach(() => sessionStorage.clear());

  it('recomputes the published list, the mix and the numbers in the browser and finds the member’s line', async () => {
    sessionStorage.setItem('token', 't'.repeat(43));
    const { server } = await renderSite('/lottery?gameCode=ssc1', { setup: site(leaves) });
    const row = (await screen.findByTestId('lt-results', {}, slow)).querySelector(
      `li[data-draw="${settled.number}"]`,
    ) as HTMLElement;
    await userEvent.setup().click(within(row).getByTestId('lt-verify'));
    expect(await within(row).findByTestId('lt-verified', {}, slow)).toHaveTextContent(
      'Verificado neste navegador ✓',
    );
    expect(within(row).getByTestId('lt-included')).toHaveTextContent(
      'Sua aposta está na lista publicada deste concurso ✓',
    );
    expect(row).toHaveTextContent('Mistura: SHA-256 da lista publicada das 3 apostas aceitas');
    // It asked for the draw's leaves and the member's lines on that draw: nothing else decides.
    const asked = server.calls.filter((c) => c.path === '/api/lottery/lines').map((c) => c.url.search);
    expect(asked.some((q) => q.includes(`draw=${settled.number}`))).toBe(true);
    expect(server.calls.some((c) => c.path === '/api/lottery/draw/lines')).toBe(true);
  });

  it('says so when the member’s line is not in the published list', async () => {
    sessionStorage.setItem('token', 't'.repeat(43));
    // A list that still makes a mix, but not this draw's: the member's line was left out.
    const without = leaves.filter((l) => others.includes(l));
    await renderSite('/lottery?gameCode=ssc1', { setup: site(without) });
    const row = (await screen.findByTestId('lt-results', {}, slow)).querySelector(
      `li[data-draw="${settled.number}"]`,
    ) as HTMLElement;
    await userEvent.setup().click(within(row).getByTestId('lt-verify'));
    expect(await within(row).findByTestId('lt-verified', {}, slow)).toHaveTextContent('Não confere!');
    expect(within(row).getByTestId('lt-included')).toHaveTextContent(
      '1 aposta sua não está na lista publicada!',
    );
  });

  it('shows a cancelled draw’s reason, and checks its revealed seed and what it would have drawn', async () => {
    sessionStorage.setItem('token', 't'.repeat(43));
    await renderSite('/lottery?gameCode=ssc1', { setup: site(leaves) });
    const row = (await screen.findByTestId('lt-results', {}, slow)).querySelector(
      `li[data-draw="${cancelled.number}"]`,
    ) as HTMLElement;
    expect(within(row).getByTestId('lt-cancel-reason')).toHaveTextContent(
      'Cancelado pelo operador depois do fechamento das apostas, apostas devolvidas. Motivo: results feed failed',
    );
    await userEvent.setup().click(within(row).getByTestId('lt-verify'));
    expect(await within(row).findByTestId('lt-verified', {}, slow)).toHaveTextContent(
      'Verificado neste navegador ✓',
    );
    const would = within(row).getByTestId('lt-would-have');
    const digits = (drawResult('ssc', cancelledSeed, cancelled.mix!) as { digits: number[] }).digits;
    expect(would).toHaveTextContent(`Teria sorteado:${digits.join('')}`);
  });
});
