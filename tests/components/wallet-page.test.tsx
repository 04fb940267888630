import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import WalletPage from '../../src/features/member/WalletPage';
import { initI18n } from '../../src/i18n';
import { installFakeServer } from '../support/fake-server';

describe('wallet page in transfer mode', () => {
  it('moves money into a game wallet, retrying a lost answer under the same request id', async () => {
    const server = installFakeServer();
    let main = 50_000;
    let vendor = 0;
    server.respond('consolidatedFunds', () => ({
      currency: 'FUN',
      main,
      vendors: [{ vendor: 'AURORA', name: 'Aurora Originals', balance: vendor }],
      total: main + vendor,
      contractRequests: [],
    }));
    server.respond('merchantWallets', () => ({
      isSingle: false,
      currency: 'FUN',
      wallets: [{ vendor: 'AURORA', name: 'Aurora Originals', balance: vendor }],
    }));
    let lost = true;
    const applied = new Set<string>();
    server.respond('walletTransfer', () => {
      // Like the server: a request id already applied is answered, not applied again.
      const body = server.calls.at(-1)!.body as { amount: number; requestId: string };
      if (!applied.has(body.requestId)) {
        applied.add(body.requestId);
        main -= body.amount;
        vendor += body.amount;
      }
      // The first answer is lost on the way back, after the money moved.
      if (lost) {
        lost = false;
        throw new TypeError('Failed to fetch');
      }
      return { main, vendor, currency: 'FUN' };
    });
    await initI18n('pt');
    render(<WalletPage />);
    const user = userEvent.setup();

    const amount = await screen.findByLabelText('Valor Aurora Originals');
    await user.type(amount, '125,50');
    await user.click(screen.getByRole('button', { name: 'Transferir para' }));
    expect(await screen.findByRole('status')).not.toHaveTextContent('Transferência concluída.');
    await user.click(screen.getByRole('button', { name: 'Transferir para' }));
    expect(await screen.findByText('Transferência concluída.')).toBeInTheDocument();

    const sent = server.calls.filter((c) => c.path === '/wps/relay/GCS_walletTransfer');
    expect(sent.map((c) => c.body)).toEqual([
      expect.objectContaining({ vendor: 'AURORA', direction: 'in', amount: 12_550 }),
      expect.objectContaining({ vendor: 'AURORA', direction: 'in', amount: 12_550 }),
    ]);
    const [first, second] = sent.map((c) => (c.body as { requestId: string }).requestId);
    expect(second).toBe(first);
    await waitFor(() => expect(screen.getByLabelText('Valor Aurora Originals')).toHaveValue(''));
    expect(await screen.findByTestId('wallet-main')).toHaveTextContent('374,50');

    await user.type(screen.getByLabelText('Valor Aurora Originals'), 'abc');
    await user.click(screen.getByRole('button', { name: 'Trazer de volta' }));
    expect(await screen.findByText('Digite um valor como 50 ou 50,00.')).toBeInTheDocument();
    expect(server.calls.filter((c) => c.path === '/wps/relay/GCS_walletTransfer')).toHaveLength(2);
  });
});
