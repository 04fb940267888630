import { beforeEach, describe, expect, it, vi } from 'vitest';

let challenges = 0;
vi.mock('../../src/api/client', () => ({
  call: vi.fn(async () => ({ parameters: { n: ++challenges } })),
}));
vi.mock('altcha-lib', () => ({ solveChallenge: vi.fn(async () => ({ counter: 1 })) }));

const load = async () => {
  vi.resetModules();
  return import('../../src/features/account/humanCheck');
};
const challengeOf = (payload: string) => JSON.parse(atob(payload)).challenge.parameters.n as number;

beforeEach(() => {
  challenges = 0;
  vi.useRealTimers();
});

describe('human check solved while the visitor types', () => {
  it('gives the prepared solution to the submit, and each solution only once', async () => {
    const { prepareHumanCheck, solveHumanCheck } = await load();
    prepareHumanCheck();
    prepareHumanCheck(); // the form re-rendered: still one challenge being worked on
    expect(challengeOf(await solveHumanCheck())).toBe(1);
    // A second submit (after a wrong password) cannot reuse it: the server accepts each once.
    expect(challengeOf(await solveHumanCheck())).toBe(2);
    expect(challenges).toBe(2);
  });

  it('solves a new one when the prepared one is older than the server keeps challenges', async () => {
    vi.useFakeTimers({ now: 0 });
    const { prepareHumanCheck, solveHumanCheck } = await load();
    prepareHumanCheck();
    vi.setSystemTime(9 * 60_000);
    expect(challengeOf(await solveHumanCheck())).toBe(2);
  });

  it('solves at the submit when nothing was prepared, or the preparation failed', async () => {
    const { prepareHumanCheck, solveHumanCheck } = await load();
    const { solveChallenge } = await import('altcha-lib');
    vi.mocked(solveChallenge).mockRejectedValueOnce(new Error('tab was asleep'));
    prepareHumanCheck();
    expect(challengeOf(await solveHumanCheck())).toBe(2);
    expect(challengeOf(await solveHumanCheck())).toBe(3);
  });
});
