import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeServer } from '../support/fake-server';

describe('the component tests’ fake server', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('refuses an answer its endpoint’s contract would not send', async () => {
    const server = installFakeServer();
    expect(() => server.respond('systemStatus', { status: 'down' } as never)).toThrow(/breaks its contract/);
    server.respond('walletBalance', () => ({ balance: 'lots' }) as never);
    await expect(fetch(new Request('http://localhost/wps/v2/wallets/balance'))).rejects.toThrow(
      /breaks its contract/,
    );
  });
});
