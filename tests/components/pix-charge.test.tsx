import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TFunction } from 'i18next';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { PixCharge } from '../../src/features/member/PixCharge';
import { initI18n } from '../../src/i18n';

const brCode =
  '00020101021226470014br.gov.bcb.pix0125pagamentos@aurora.example5204000053039865406123.455802BR' +
  '5915AURORA BET DEMO6009SAO PAULO62140510DABC2345676304ABCD';

let t: TFunction;
beforeAll(async () => {
  t = (await initI18n('pt')).t;
});

describe('a PIX deposit to pay', () => {
  it('draws the QR from the code, shows the code, copies it, and links the demo bank only when given', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const { rerender } = render(
      <PixCharge pix={{ brCode, txid: 'DABC234567', expiresAt: null }} payUrl="/pay/sim/DABC234567?t=x" />,
    );
    const qr = await screen.findByTestId('pix-qr');
    expect(qr).toHaveAccessibleName(t('centre.deposit.pix_qr'));
    // A version-6 or so symbol: dark modules drawn as one path, with the quiet zone.
    expect(qr.querySelector('path')?.getAttribute('d')?.length).toBeGreaterThan(1_000);
    expect(screen.getByTestId('pix-code')).toHaveValue(brCode);
    await user.click(screen.getByRole('button', { name: t('centre.deposit.pix_copy') }));
    expect(writeText).toHaveBeenCalledWith(brCode);
    expect(screen.getByRole('status')).toHaveTextContent(t('centre.deposit.pix_copied'));
    expect(screen.getByTestId('pix-demo-pay')).toHaveAttribute('href', '/pay/sim/DABC234567?t=x&lang=pt');

    writeText.mockRejectedValueOnce(new Error('denied'));
    await user.click(screen.getByRole('button', { name: t('centre.deposit.pix_copy') }));
    expect(screen.getByRole('status')).toHaveTextContent(t('centre.deposit.pix_copy_failed'));

    rerender(
      <PixCharge pix={{ brCode, txid: 'DABC234567', expiresAt: Date.UTC(2026, 0, 1, 12) }} payUrl={null} />,
    );
    expect(screen.queryByTestId('pix-demo-pay')).toBeNull();
    expect(screen.getByTestId('pix-charge')).toHaveTextContent('01/01/2026');
  });
});
