import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminPaymentMethod, AdminPaymentMethods } from '../../src/api/contract/payments';
import { PERMISSIONS, type Permission } from '../../src/api/contract/permissions';
import { PaymentMethodsPanel } from '../../src/backoffice/payment-methods-panel';
import { initI18n } from '../../src/i18n';
import { installFakeServer } from '../support/fake-server';

const method = (over: Partial<AdminPaymentMethod>): AdminPaymentMethod => ({
  id: 1,
  code: 'pix',
  kind: 'bank_transfer',
  name: { pt: 'Transferência PIX', en: 'PIX transfer' },
  minAmount: 1_000,
  maxAmount: 5_000_000,
  details: { bank: 'Banco Demo' },
  provider: null,
  secretSet: false,
  active: true,
  offered: true,
  sortOrder: 1,
  ...over,
});

const list = (): AdminPaymentMethods => ({
  methods: [
    method({ id: 1, code: 'pix-qr', kind: 'pix', name: { pt: 'PIX QR', en: 'PIX QR' }, provider: 'sim' }),
    method({ id: 2, sortOrder: 2 }),
  ],
  providers: ['sim'],
  currency: 'BRL',
});

const me = (permissions: readonly Permission[]) => ({
  id: 1,
  username: 'op',
  role: 'admin',
  permissions: [...permissions],
  twoFactor: false,
});

/** A label's text at its start (a field's help text follows it inside the label). */
const starts = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);

let t: TFunction;
beforeAll(async () => {
  t = (await initI18n('pt')).t;
});

describe('the payment methods page', { timeout: 30_000 }, () => {
  it('reads only, without settings.manage: no add, move, edit or switch', async () => {
    const server = installFakeServer();
    server.respond('operatorMe', me(['settings.read']));
    server.respond('adminPaymentMethods', list());
    render(<PaymentMethodsPanel token={'t'.repeat(32)} onExpired={() => {}} />);
    const row = await screen.findByTestId('bo-method-pix');
    expect(row).toHaveTextContent('10,00 – 50.000,00 BRL');
    expect(row).toHaveTextContent(t('backoffice.payments.offered'));
    expect(screen.getByTestId('bo-payment-methods')).toHaveTextContent(t('backoffice.settings.read_only'));
    expect(screen.queryByTestId('bo-method-new')).toBeNull();
    expect(within(row).queryByRole('button')).toBeNull();
  });

  it('switches a method off through the confirmation, with its reason and a request id', async () => {
    const server = installFakeServer();
    server.respond('operatorMe', me(PERMISSIONS));
    let current = list();
    server.respond('adminPaymentMethods', () => current);
    server.respond('switchPaymentMethod', () => {
      current = {
        ...current,
        methods: current.methods.map((m) => (m.id === 2 ? { ...m, active: false, offered: false } : m)),
      };
      return current;
    });
    const user = userEvent.setup();
    render(<PaymentMethodsPanel token={'t'.repeat(32)} onExpired={() => {}} />);
    await user.click(await screen.findByTestId('bo-method-switch-pix'));
    const dialog = await screen.findByTestId('bo-task');
    expect(dialog).toHaveTextContent('Transferência PIX (pix)');
    expect(dialog).toHaveTextContent(t('backoffice.settings.off'));
    await user.type(within(dialog).getByRole('textbox'), 'Banco parado');
    await user.click(within(dialog).getByRole('button', { name: t('backoffice.confirm') }));
    await waitFor(() => expect(screen.queryByTestId('bo-task')).toBeNull());
    expect(server.calls.find((c) => c.path.endsWith('/payment-methods/switch'))?.body).toMatchObject({
      id: 2,
      active: false,
      reason: 'Banco parado',
      requestId: expect.any(String),
    });
    await waitFor(() =>
      expect(screen.getByTestId('bo-method-pix')).toHaveTextContent(t('backoffice.payments.off')),
    );
  });

  it('moves a method up: the whole order is sent', async () => {
    const server = installFakeServer();
    server.respond('operatorMe', me(PERMISSIONS));
    server.respond('adminPaymentMethods', list());
    server.respond('orderPaymentMethods', list());
    const user = userEvent.setup();
    render(<PaymentMethodsPanel token={'t'.repeat(32)} onExpired={() => {}} />);
    expect(await screen.findByTestId('bo-method-up-pix-qr')).toBeDisabled();
    await user.click(screen.getByTestId('bo-method-up-pix'));
    const dialog = await screen.findByTestId('bo-task');
    expect(dialog).toHaveTextContent('Transferência PIX → PIX QR');
    await user.type(within(dialog).getByRole('textbox'), 'Banco primeiro');
    await user.click(within(dialog).getByRole('button', { name: t('backoffice.confirm') }));
    await waitFor(() => expect(screen.queryByTestId('bo-task')).toBeNull());
    expect(server.calls.find((c) => c.path.endsWith('/payment-methods/order'))?.body).toMatchObject({
      ids: [2, 1],
    });
  });

  it("adds a PIX method; the server's refusal shows in the dialog with try again", async () => {
    const server = installFakeServer();
    server.respond('operatorMe', me(PERMISSIONS));
    server.respond('adminPaymentMethods', list());
    server.fail('addPaymentMethod', 422, 'PIX_KEY_INVALID', t('errors.PIX_KEY_INVALID'));
    const user = userEvent.setup();
    render(<PaymentMethodsPanel token={'t'.repeat(32)} onExpired={() => {}} />);
    await user.click(await screen.findByTestId('bo-method-new'));
    const editor = screen.getByTestId('bo-method-editor');
    await user.type(within(editor).getByLabelText(starts(t('backoffice.payments.code'))), 'pix-novo');
    await user.type(within(editor).getByLabelText(starts(t('backoffice.payments.name_pt'))), 'PIX novo');
    await user.type(
      within(editor).getByLabelText(starts(t('backoffice.payments.min', { currency: 'BRL' }))),
      '10,00',
    );
    await user.type(
      within(editor).getByLabelText(starts(t('backoffice.payments.max', { currency: 'BRL' }))),
      '1.000,00',
    );
    await user.type(within(editor).getByLabelText(starts(t('backoffice.payments.pix_fields.pixKey'))), 'x@y');
    await user.type(
      within(editor).getByLabelText(starts(t('backoffice.payments.pix_fields.merchantName'))),
      'Casa',
    );
    await user.type(
      within(editor).getByLabelText(starts(t('backoffice.payments.pix_fields.merchantCity'))),
      'Recife',
    );
    await user.click(within(editor).getByTestId('bo-method-save'));
    const dialog = await screen.findByTestId('bo-task');
    expect(dialog).toHaveTextContent('PIX novo (pix-novo)');
    await user.type(within(dialog).getByRole('textbox'), 'Nova conta');
    await user.click(within(dialog).getByRole('button', { name: t('backoffice.confirm') }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(t('errors.PIX_KEY_INVALID'));
    expect(within(dialog).getByRole('button', { name: t('backoffice.try_again') })).toBeVisible();
    expect(
      server.calls.find((c) => c.method === 'POST' && c.path.endsWith('/payment-methods'))?.body,
    ).toMatchObject({
      code: 'pix-novo',
      kind: 'pix',
      name: { pt: 'PIX novo', en: '' },
      minAmount: 1_000,
      maxAmount: 100_000,
      details: { pixKeyType: 'email', pixKey: 'x@y', merchantName: 'Casa', merchantCity: 'Recife' },
      provider: null,
      reason: 'Nova conta',
    });
  });
});
