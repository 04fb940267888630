import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { FakeServer } from '../support/fake-server';
import { renderSite } from '../support/render-app';

const player = {
  id: 9,
  account: 'salaried',
  nickname: null,
  type: 0,
  isAgent: false,
  isTrial: false,
  icon: 1,
  mobile: null,
  email: null,
  language: 'pt' as const,
  twoFactor: false,
  createdAt: 1_700_000_000_000,
};
const bill = {
  id: 31,
  contractId: 7,
  kind: 'daily_salary' as const,
  periodKey: '2026-11-23',
  periodStart: Date.parse('2026-11-23T03:00:00Z'),
  periodEnd: Date.parse('2026-11-24T03:00:00Z'),
  payer: 'demoagent',
  payee: 'salaried',
  team: { validBet: 600_000, profit: -12_500, active: 3 },
  tier: 1,
  rateBp: 150,
  base: 600_000,
  carryIn: 0,
  carryOut: 0,
  amount: 9_000,
  status: 'paid' as const,
  attempts: 1,
  paidAt: Date.parse('2026-11-24T03:05:00Z'),
};

function answer(bills: (typeof bill)[]) {
  return (server: FakeServer) => {
    server.respond('memberInfo', player);
    server.respond('accountRecords', { items: [], more: false });
    server.respond('contractBills', {
      items: bills,
      total: bills.length,
      page: 1,
      pageSize: 10,
      currency: 'FUN',
    });
  };
}

describe('a player holding a contract, in the member centre', () => {
  afterEach(() => sessionStorage.clear());

  it('reads each bill of its contract with the figures it was computed from, under its bonus details', async () => {
    sessionStorage.setItem('token', 't'.repeat(43));
    const { server } = await renderSite('/member/bonusDetails', { setup: answer([bill]) });
    const section = await screen.findByTestId('member-contract-bills');
    expect(section).toHaveTextContent('Faturas dos seus contratos');
    const line = within(section).getByRole('row', { name: /23\/11\/2026/ });
    expect(line).toHaveTextContent('Salário diário');
    expect(line).toHaveTextContent('demoagent');
    expect(line).toHaveTextContent('6.000,00');
    expect(line).toHaveTextContent('-125,00');
    expect(line).toHaveTextContent('1,50 %');
    expect(line).toHaveTextContent('90,00');
    const asked = server.calls.find((c) => c.path === '/api/contracts/bills');
    expect(asked?.url.searchParams.get('role')).toBe('received');
  });

  it('shows nothing of contracts to a member who holds none', async () => {
    sessionStorage.setItem('token', 't'.repeat(43));
    await renderSite('/member/bonusDetails', { setup: answer([]) });
    await screen.findByTestId('records-page');
    expect(screen.queryByTestId('member-contract-bills')).toBeNull();
  });
});
