import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TFunction } from 'i18next';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { AnyEventObject, AnyMachineSnapshot, InspectionEvent } from 'xstate';
import type { WithdrawalView } from '../../src/api/contract/withdrawals';
import { errorKey } from '../../src/api/errors';
import { paths } from '../../src/api/paths';
import WithdrawPage from '../../src/features/member/WithdrawPage';
import { initI18n } from '../../src/i18n';
import { requiredActor } from '../../src/machines/required-actor';
import { type WithdrawSetup, withdrawMachine } from '../../src/machines/withdraw.machine';
import { formatAmount } from '../../src/ui/format';
import { type MachinePath, machinePaths } from '../machines/graph-paths';
import { type FakeServer, type HeldEndpoint, installFakeServer } from '../support/fake-server';

/**
 * The withdraw page driven through the withdraw machine's generated paths: the member's events are typed
 * and clicked in the real page, the server's answers (the fake server's, held until their step) are
 * given by the test, and at every step the page's machine must be where the graph says and the page
 * must show what that state means.
 */

// The page reports its machine to the inspector (src/machines/inspect.ts); the test is the inspector.
const inspected = vi.hoisted(() => ({ withdraw: null as AnyMachineSnapshot | null }));
vi.mock('../../src/machines/inspect', () => ({
  inspectOptions: () => ({
    inspect: (event: InspectionEvent) => {
      const snapshot = (event as { snapshot?: AnyMachineSnapshot }).snapshot;
      if (event.type === '@xstate.snapshot' && snapshot?.machine?.id === 'withdraw') {
        inspected.withdraw = snapshot;
      }
    },
  }),
}));

const ready: WithdrawSetup = {
  hasPaymentPassword: true,
  bankAccounts: [{ id: 1, bankName: 'Banco Azul', accountName: 'Ana Lima', accountNumber: '•••• 1234' }],
  currency: 'FUN',
  balance: 100_000,
  minAmount: 5_000,
  maxAmount: 5_000_000,
  dailyCount: 3,
  usedToday: 1,
  confirmMinutes: 1440,
};
const noPassword = { ...ready, hasPaymentPassword: false };
const noBank = { ...ready, bankAccounts: [] };
const bank = { bankName: 'Banco Azul', accountName: 'Ana Lima', accountNumber: '0001-991234' };
const request = { bankAccountId: 1, amount: 10_000, paymentPassword: '123456' };
const held: WithdrawalView = {
  reference: 'W1',
  amount: 10_000,
  status: 'pending',
  reason: null,
  confirmation: null,
  bank: { bankName: 'Banco Azul' },
  createdAt: 1_700_000_000_000,
  decidedAt: null,
  confirmBy: null,
};

// The graph is the machine's own, with the effects left out: the page provides the real ones.
const graphMachine = withdrawMachine.provide({
  actors: {
    loadSetup: requiredActor('t'),
    setPassword: requiredActor('t'),
    addBank: requiredActor('t'),
    requestWithdrawal: requiredActor('t'),
  },
});
/** How each call fails here: a status and code as the server sends them, and its message ('' for none). */
const failures = {
  loadSetup: { status: 403, code: 'REAL_ACCOUNT_REQUIRED', message: '' },
  setPassword: { status: 422, code: 'WRONG_OLD_PASSWORD', message: '' },
  addBank: { status: 409, code: 'BANK_ACCOUNT_LIMIT', message: '' },
  // The server's own words are shown as they come.
  requestWithdrawal: {
    status: 422,
    code: 'PAYMENT_PASSWORD_WRONG',
    message: 'Senha de pagamento errada (servidor)',
  },
};
const events = [
  { type: 'xstate.done.actor.loadSetup', output: ready },
  { type: 'xstate.done.actor.loadSetup', output: noPassword },
  { type: 'xstate.done.actor.loadSetup', output: noBank },
  { type: 'xstate.error.actor.loadSetup', error: failures.loadSetup },
  { type: 'RETRY' },
  { type: 'SET_PASSWORD', loginPassword: 'Secret123', password: '123456' },
  { type: 'xstate.done.actor.setPassword', output: { hasPaymentPassword: true } },
  { type: 'xstate.error.actor.setPassword', error: failures.setPassword },
  { type: 'ADD_BANK', bank },
  { type: 'xstate.done.actor.addBank', output: [ready.bankAccounts[0]] },
  { type: 'xstate.error.actor.addBank', error: failures.addBank },
  { type: 'SUBMIT', request },
  { type: 'xstate.done.actor.requestWithdrawal', output: held },
  { type: 'xstate.error.actor.requestWithdrawal', error: failures.requestWithdrawal },
  { type: 'NEW' },
] as never[];

type Path = MachinePath<typeof graphMachine>;

/**
 * The events a member can cause on this page in a state: the page has no button to retry a setup that
 * failed to load (the member leaves and comes back), and no way to add a bank account once it has one.
 */
const pageEvents = (state: AnyMachineSnapshot) =>
  events.filter(
    (e: AnyEventObject) => e.type !== 'RETRY' && !(e.type === 'ADD_BANK' && state.matches('editing')),
  );

let t: TFunction;
beforeAll(async () => {
  t = (await initI18n('pt')).t;
});

const endpointOf = {
  loadSetup: 'withdrawSetup',
  setPassword: 'paymentPassword',
  addBank: 'addBankAccount',
  requestWithdrawal: 'requestWithdrawal',
} as const;

/** What the member must see in a state of the page's machine. */
function expectPage(state: AnyMachineSnapshot, label: string) {
  const { errorCode, errorMessage, reference } = state.context as {
    errorCode: string | null;
    errorMessage: string | null;
    reference: string | null;
  };
  const page = screen.getByTestId('withdraw-page');
  const forms = ['payment-password-form', 'bank-account-form', 'withdraw-form'];
  const shown = forms.filter((id) => within(page).queryByTestId(id));
  const error = errorCode ? errorMessage || t(errorKey(errorCode)) : null;
  const alerts = () =>
    within(page)
      .queryAllByRole('alert')
      .map((a) => a.textContent);
  // The history is always there below the step (empty here).
  expect(within(page).getByText(t('centre.withdraw.history')), label).toBeInTheDocument();
  expect(within(page).getByText(t('centre.withdraw.none'))).toBeInTheDocument();

  if (state.matches('loading')) {
    expect(shown, label).toEqual([]);
    expect(page.querySelector('.skeleton'), label).not.toBeNull();
  } else if (state.matches('unavailable')) {
    expect(shown, label).toEqual([]);
    expect(alerts(), label).toEqual([t(errorKey(errorCode!))]);
  } else if (state.matches('needsPassword') || state.matches('savingPassword')) {
    expect(shown, label).toEqual(['payment-password-form']);
    const form = within(page).getByTestId('payment-password-form');
    expect(form).toHaveTextContent(t('centre.withdraw.set_password_title'));
    expect(form).toHaveTextContent(t('centre.withdraw.set_password_text'));
    expect(within(form).getByRole('button', { name: t('centre.withdraw.save') })).toHaveProperty(
      'disabled',
      state.matches('savingPassword'),
    );
    expect(alerts(), label).toEqual(error ? [error] : []);
  } else if (state.matches('needsBank') || state.matches('savingBank')) {
    expect(shown, label).toEqual(['bank-account-form']);
    const form = within(page).getByTestId('bank-account-form');
    expect(form).toHaveTextContent(t('centre.withdraw.bank_title'));
    expect(within(form).getByRole('button', { name: t('centre.withdraw.add_bank') })).toHaveProperty(
      'disabled',
      state.matches('savingBank'),
    );
    expect(alerts(), label).toEqual(error ? [error] : []);
  } else if (state.matches('editing') || state.matches('submitting')) {
    expect(shown, label).toEqual(['withdraw-form']);
    const form = within(page).getByTestId('withdraw-form');
    const setup = state.context.setup as WithdrawSetup;
    // The balance is shown while the member can act on it.
    const available = t('centre.withdraw.available', {
      balance: `${formatAmount(setup.balance, 'pt')} ${setup.currency}`,
    });
    if (state.matches('editing')) expect(within(page).getByText(available), label).toBeInTheDocument();
    else expect(within(page).queryByText(available), label).toBeNull();
    expect(form).toHaveTextContent(
      t('centre.withdraw.limits', {
        min: formatAmount(setup.minAmount, 'pt'),
        max: formatAmount(setup.maxAmount, 'pt'),
        used: setup.usedToday,
        count: setup.dailyCount,
      }),
    );
    expect(within(form).getByRole('option')).toHaveTextContent('Banco Azul · Ana Lima · •••• 1234');
    expect(within(form).getByRole('button', { name: t('centre.withdraw.submit') })).toHaveProperty(
      'disabled',
      state.matches('submitting'),
    );
    expect(alerts(), label).toEqual(error ? [error] : []);
  } else if (state.matches('requested')) {
    expect(shown, label).toEqual([]);
    expect(within(page).getByTestId('withdraw-requested')).toHaveTextContent(
      t('centre.withdraw.requested', { reference }),
    );
    expect(within(page).getByRole('button', { name: t('centre.withdraw.new') })).toBeEnabled();
  } else {
    throw new Error(`${label}: no expectation for ${JSON.stringify(state.value)}`);
  }
}

/** Replays a generated path on the rendered page: member events through the page, answers by the test. */
async function walk(path: Path) {
  inspected.withdraw = null;
  const server: FakeServer = installFakeServer();
  server.respond('withdrawals', []);
  const calls: { [K in keyof typeof endpointOf]: HeldEndpoint<(typeof endpointOf)[K]> } = {
    loadSetup: server.hold('withdrawSetup'),
    setPassword: server.hold('paymentPassword'),
    addBank: server.hold('addBankAccount'),
    requestWithdrawal: server.hold('requestWithdrawal'),
  };
  const sent = (name: (typeof endpointOf)[keyof typeof endpointOf]) =>
    server.calls.filter((c) => c.path === paths[name].path);
  const ui = userEvent.setup({ delay: null });
  render(<WithdrawPage />);
  const machine = () => inspected.withdraw!;
  await waitFor(() => expect(machine()?.value).toBe('loading'));
  await waitFor(() => expect(calls.loadSetup.waiting()).toBe(1));
  expectPage(machine(), `${path.description} (start)`);
  /** The request id of the last withdrawal sent, and whether it failed. */
  let last: { requestId: string; failed: boolean } | null = null;

  for (const step of path.steps) {
    const event = step.event as AnyEventObject;
    const label = `${path.description}: ${event.type}`;
    if (event.type === 'xstate.init') continue;
    if (event.type === 'SET_PASSWORD') {
      const form = screen.getByTestId('payment-password-form');
      const before = sent('paymentPassword').length;
      const login = within(form).getByLabelText(t('centre.withdraw.login_password'));
      const payment = within(form).getByLabelText(t('centre.withdraw.payment_password'));
      await ui.clear(login);
      await ui.type(login, event.loginPassword);
      await ui.clear(payment);
      await ui.type(payment, event.password);
      await ui.click(within(form).getByRole('button', { name: t('centre.withdraw.save') }));
      await waitFor(() => expect(sent('paymentPassword')).toHaveLength(before + 1));
      expect(sent('paymentPassword').at(-1)!.body, label).toEqual({
        loginPassword: event.loginPassword,
        password: event.password,
      });
    } else if (event.type === 'ADD_BANK') {
      const form = screen.getByTestId('bank-account-form');
      const before = sent('addBankAccount').length;
      // A PIX key is offered first; these are a bank account's details.
      await ui.click(within(form).getByRole('radio', { name: t('centre.withdraw.payee_bank') }));
      for (const [field, key] of [
        ['bankName', 'bank_name'],
        ['accountName', 'account_name'],
        ['accountNumber', 'account_number'],
      ] as const) {
        const input = within(form).getByLabelText(t(`centre.withdraw.${key}`));
        await ui.clear(input);
        await ui.type(input, event.bank[field]);
      }
      await ui.click(within(form).getByRole('button', { name: t('centre.withdraw.add_bank') }));
      await waitFor(() => expect(sent('addBankAccount')).toHaveLength(before + 1));
      expect(sent('addBankAccount').at(-1)!.body, label).toEqual(bank);
    } else if (event.type === 'SUBMIT') {
      const form = screen.getByTestId('withdraw-form');
      const before = sent('requestWithdrawal').length;
      // The label also holds the limits line below the field.
      const amount = within(form).getByLabelText(t('centre.withdraw.amount', { currency: 'FUN' }), {
        exact: false,
      });
      const password = within(form).getByLabelText(t('centre.withdraw.payment_password'));
      // An amount that is not one stays in the form with its message; nothing is sent.
      await ui.clear(amount);
      await ui.type(amount, 'abc');
      await ui.click(within(form).getByRole('button', { name: t('centre.withdraw.submit') }));
      expect(within(form).getByText(t('centre.deposit.invalid_amount')), label).toBeInTheDocument();
      expect(amount).toHaveAttribute('aria-invalid', 'true');
      expect(machine().value).toBe('editing');
      await ui.clear(amount);
      await ui.type(amount, '100,00');
      await ui.clear(password);
      await ui.type(password, event.request.paymentPassword);
      await ui.click(within(form).getByRole('button', { name: t('centre.withdraw.submit') }));
      expect(within(form).queryByText(t('centre.deposit.invalid_amount'))).toBeNull();
      await waitFor(() => expect(sent('requestWithdrawal')).toHaveLength(before + 1));
      const body = sent('requestWithdrawal').at(-1)!.body as typeof request & { requestId: string };
      expect(body, label).toMatchObject(request);
      // The same request sent again after a failure keeps its id: the money is held once.
      if (last?.failed) expect(body.requestId, label).toBe(last.requestId);
      else if (last) expect(body.requestId, label).not.toBe(last.requestId);
      last = { requestId: body.requestId, failed: false };
    } else if (event.type === 'NEW') {
      await ui.click(screen.getByRole('button', { name: t('centre.withdraw.new') }));
    } else {
      // An answer to a call the page is waiting on.
      const [, outcome, , id] = event.type.split('.') as [
        string,
        'done' | 'error',
        string,
        keyof typeof calls,
      ];
      const call = calls[id];
      await waitFor(() => expect(call.waiting(), `${label}: nothing was waiting`).toBe(1));
      if (outcome === 'done') call.answer(event.output as never);
      else {
        const { status, code, message } = event.error as { status: number; code: string; message: string };
        call.fail(status, code, message);
        if (id === 'requestWithdrawal' && last) last.failed = true;
      }
    }
    await waitFor(() => expect(machine().value, label).toEqual(step.state.value));
    await waitFor(() => expectPage(machine(), label));
  }
}

describe('withdraw page driven by the withdraw machine (model-based)', () => {
  const { statePaths, transitionPaths, reachable } = machinePaths(graphMachine, { events: pageEvents });
  // One path per transition walks every edge and so reaches every state; the start is the one more.
  const paths: Path[] = [statePaths[0]!, ...transitionPaths];

  it('reaches every state of the machine from the page', () => {
    const all = machinePaths(graphMachine, { events });
    expect([...reachable].sort()).toEqual([...all.reachable].sort());
    // Only the two transitions the page does not offer are left out (see `pageEvents`).
    expect(all.transitionPaths.length - transitionPaths.length).toBe(2);
    const seen = new Set(paths.flatMap((p) => p.steps.map((s) => JSON.stringify(s.state.value))));
    expect(reachable.filter((state) => !seen.has(state))).toEqual([]);
  });

  it.each(paths.map((p) => [p.description, p] as const))('%s', { timeout: 30_000 }, async (_, path) => {
    await walk(path);
  });
});
