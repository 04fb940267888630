import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { RecallRound } from '../../src/api/contract/originals';
import { commitmentOf } from '../../src/originals/fair';
import { crashPoint, nextInChain } from '../../src/originals/games/crash';
import { drawOutcome } from '../../src/originals/outcome';
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

const serverSeed = 'aurora-known-answer-server-seed';
const clientSeed = 'player-seed';
const nextSeedHash = commitmentOf('the-next-server-seed');

/** A settled round as the server's recall gives it, its outcome drawn with the shared code. */
function round(id: number, over: Partial<RecallRound> & Pick<RecallRound, 'game' | 'params'>): RecallRound {
  const nonce = over.nonce ?? id;
  const input =
    over.game === 'limbo'
      ? { game: 'limbo' as const, edgeBp: over.params.edgeBp as number }
      : over.game === 'plinko'
        ? { game: 'plinko' as const, rows: over.params.rows as number }
        : over.game === 'mines'
          ? { game: 'mines' as const, mines: over.params.mines as number }
          : { game: over.game as 'dice' | 'keno' };
  return {
    id,
    nonce,
    serverSeedHash: commitmentOf(serverSeed),
    serverSeed,
    clientSeed,
    outcome: drawOutcome({ serverSeed, clientSeed, nonce }, input) as unknown as Record<string, unknown>,
    stake: 1_000,
    payout: 0,
    multiplier: 0,
    balanceBefore: 50_000,
    balanceAfter: 49_000,
    createdAt: 1_700_000_500_000 + id,
    ...over,
  };
}

const dice = round(2, { game: 'dice', nonce: 0, params: { chance: 4950, side: 'under', edgeBp: 100 } });
const mines = round(3, { game: 'mines', nonce: 1, params: { mines: 3, edgeBp: 100 } });

function signedIn(rounds: RecallRound[]) {
  return (server: FakeServer) => {
    server.respond('memberInfo', member);
    server.respond('originalsSeeds', {
      active: {
        serverSeedHash: nextSeedHash,
        clientSeed: 'abc123',
        nonce: 4,
        nextServerSeedHash: 'e'.repeat(64),
      },
      previous: [],
    });
    server.respond('originalsRecall', { rounds, currency: 'FUN' });
    server.respond('originalsRound', (url) => {
      const found = rounds.find((r) => r.id === Number(url.searchParams.get('betId')));
      if (!found) throw new Error('no such round');
      return found;
    });
  };
}

describe('fairness page: the verifier', () => {
  afterEach(() => sessionStorage.clear());

  it('loads ?bet=, recomputes it in the browser and says it matches the recorded outcome', async () => {
    sessionStorage.setItem('token', 't'.repeat(43));
    const { server } = await renderSite('/originals/fairness?bet=2', { setup: signedIn([dice, mines]) });
    const verifier = await screen.findByTestId('fv-verifier');
    expect(await within(verifier).findByTestId('fv-outcome-verdict')).toHaveTextContent(
      'Confere com o resultado registrado ✓',
    );
    expect(within(verifier).getByTestId('fv-commitment-verdict')).toHaveTextContent('✓');
    // nonce 0 of the known-answer seeds rolls 3423: 34,23 (in Portuguese), under 49,50 wins.
    expect(within(verifier).getByTestId('fv-outcome')).toHaveTextContent('34,23');
    expect(within(verifier).getByTestId('fv-outcome')).toHaveTextContent('Aposta: abaixo de 49,50');
    // The recorded outcome in words, not its JSON.
    expect(within(verifier).getByTestId('fv-round')).toHaveTextContent('Número sorteado 34,23');
    expect(within(verifier).getByTestId('fv-round')).not.toHaveTextContent('{');
    expect(within(verifier).getByTestId('fv-commitment')).toHaveTextContent(commitmentOf(serverSeed));
    expect(within(verifier).getByLabelText('Semente do servidor')).toHaveValue(serverSeed);
    expect(within(verifier).getByLabelText('Nonce')).toHaveValue('0');
    // The bytes: one HMAC block, its message.
    const blocks = within(verifier).getAllByTestId('fv-block');
    expect(blocks).toHaveLength(1);
    expect(blocks[0]).toHaveTextContent(`${clientSeed}:0:0`);
    // Only the round (and the crash chain as published) was asked for: nothing is computed on the server.
    const asked = server.calls.map((c) => c.path).filter((p) => p.startsWith('/api/originals'));
    expect(asked).toContain('/api/originals/round');
    expect(
      asked.every((p) =>
        [
          '/api/originals/round',
          '/api/originals/recall',
          '/api/originals/seeds',
          '/api/originals/crash',
        ].includes(p),
      ),
    ).toBe(true);
  });

  it('says so when the recorded outcome is not what the seeds give', async () => {
    sessionStorage.setItem('token', 't'.repeat(43));
    const forged = { ...dice, outcome: { game: 'dice', roll: 9999 } };
    await renderSite('/originals/fairness?bet=2', { setup: signedIn([forged]) });
    expect(await screen.findByTestId('fv-outcome-verdict')).toHaveTextContent(
      'Não confere com o resultado registrado ✗',
    );
  });

  it('fills the verifier from a round of the recall list', async () => {
    sessionStorage.setItem('token', 't'.repeat(43));
    await renderSite('/originals/fairness', { setup: signedIn([dice, mines]) });
    const list = await screen.findByTestId('fv-rounds');
    expect(within(list).getAllByTestId('fv-round')).toHaveLength(2);
    await userEvent.setup().click(within(list).getByRole('button', { name: 'Verificar a rodada #3' }));
    const verifier = screen.getByTestId('fv-verifier');
    expect(await within(verifier).findByTestId('fv-outcome-verdict')).toHaveTextContent('✓');
    expect(within(verifier).getByLabelText('Jogo')).toHaveValue('mines');
    expect(within(verifier).getByLabelText(/Número de minas/)).toHaveValue('3');
    // Nonce 1 with 3 mines: tiles 3, 17 and 22.
    expect(within(verifier).getByTestId('fv-outcome')).toHaveTextContent('3, 17, 22');
    expect(window.location.search).toBe('?bet=3');
  });

  it('explains a round whose seed is still secret, and rotates to reveal it', async () => {
    sessionStorage.setItem('token', 't'.repeat(43));
    let revealed = false;
    const sealed = () => ({ ...dice, serverSeed: revealed ? serverSeed : null });
    const { server } = await renderSite('/originals/fairness?bet=2', {
      setup: (s) => {
        signedIn([dice])(s);
        s.respond('originalsRound', () => sealed());
        s.respond('rotateSeed', () => {
          revealed = true;
          return {
            revealed: {
              serverSeed,
              serverSeedHash: commitmentOf(serverSeed),
              clientSeed,
              nonce: 4,
              revealedAt: 1_700_000_900_000,
            },
            active: {
              serverSeedHash: nextSeedHash,
              clientSeed: 'fresh',
              nonce: 0,
              nextServerSeedHash: 'e'.repeat(64),
            },
          };
        });
      },
    });
    const note = await screen.findByTestId('fv-sealed');
    expect(note).toHaveTextContent('ainda é secreta');
    expect(screen.queryByTestId('fv-outcome-verdict')).toBeNull();
    await userEvent.setup().click(within(note).getByRole('button', { name: 'Trocar sementes e verificar' }));
    expect(await screen.findByTestId('fv-outcome-verdict')).toHaveTextContent(
      'Confere com o resultado registrado ✓',
    );
    expect(screen.queryByTestId('fv-sealed')).toBeNull();
    expect(server.calls.filter((c) => c.path === '/api/originals/seeds/rotate')).toHaveLength(1);
  });

  it('verifies by hand for a guest: plinko path and bin, and the bytes read', async () => {
    await renderSite('/originals/fairness');
    expect(await screen.findByTestId('fv-guest')).toBeInTheDocument();
    const verifier = screen.getByTestId('fv-verifier');
    const user = userEvent.setup();
    await user.selectOptions(within(verifier).getByLabelText('Jogo'), 'plinko');
    await user.selectOptions(within(verifier).getByLabelText('Linhas'), '8');
    await user.type(within(verifier).getByLabelText('Semente do servidor'), serverSeed);
    await user.type(within(verifier).getByLabelText('Semente do cliente'), clientSeed);
    // Nonce 0, 8 rows: right right left left right right right left, bin 5.
    const outcome = await within(verifier).findByTestId('fv-outcome');
    expect(outcome).toHaveTextContent('Cai na casa 5 de 0–8');
    expect(within(outcome).getAllByText('direita')).toHaveLength(5);
    expect(within(verifier).getAllByTestId('fv-block')).toHaveLength(1);
    // No round loaded: no verdict, only the recomputation.
    expect(screen.queryByTestId('fv-outcome-verdict')).toBeNull();
  });

  it("shows the chain in play with its salt's source, announced before the salt existed", async () => {
    await renderSite('/originals/fairness', {
      setup: (server) =>
        server.respond('crashState', {
          round: null,
          serverNow: 1_700_000_900_000,
          players: [],
          playerCount: 0,
          totalStake: 0,
          history: [],
          chain: {
            commitment: 'c'.repeat(64),
            salt: '0000000000000000000a1b2c',
            saltSource: 'O hash do bloco 900.000 do Bitcoin',
            saltAnnouncedAt: 1_700_000_000_000,
            saltAt: 1_700_000_600_000,
            length: 10_000,
          },
          mine: null,
          currency: 'FUN',
        }),
    });
    const chain = await screen.findByTestId('fv-crash-chain');
    expect(chain).toHaveTextContent('c'.repeat(64));
    expect(within(chain).getByTestId('og-crash-salt-source')).toHaveTextContent(
      'O hash do bloco 900.000 do Bitcoin',
    );
    expect(within(chain).getByTestId('og-crash-salt')).toHaveTextContent('0000000000000000000a1b2c');
  });

  // Walking the chain hashes every round in the page: 1,8 s alone, over 5 s on a loaded two-core runner.
  it('recomputes a crash bust point and walks the chain to the commitment', async () => {
    await renderSite('/originals/fairness');
    const crash = await screen.findByTestId('fv-crash');
    const user = userEvent.setup();
    const hash = nextInChain('aurora-known-answer-chain-end');
    const salt = 'aurora-known-answer-salt';
    await user.type(within(crash).getByLabelText('Hash da rodada'), hash);
    await user.type(within(crash).getByLabelText('Sal da cadeia'), salt);
    expect(await within(crash).findByTestId('fv-bust')).toHaveTextContent(
      `${(crashPoint(hash, salt, 100) / 100).toFixed(2).replace('.', ',')}×`,
    );
    const commitment = nextInChain(nextInChain(nextInChain(hash)));
    await user.type(within(crash).getByLabelText(/compromisso publicado/), commitment);
    const count = within(crash).getByLabelText('Número de hashes (N)');
    await user.clear(count);
    await user.type(count, '3');
    await user.click(within(crash).getByRole('button', { name: 'Conferir' }));
    await waitFor(() => expect(screen.getByTestId('fv-chain-verdict')).toHaveTextContent('3 vezes'));
    expect(screen.getByTestId('fv-chain-verdict')).toHaveTextContent('✓');
  }, 20_000);
});
