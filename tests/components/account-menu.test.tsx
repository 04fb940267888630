import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import type { MemberInfo } from '../../src/api/contract/accounts';
import { initI18n } from '../../src/i18n';
import { AccountMenu } from '../../src/ui/layout/AccountMenu';
import { ScrollRegion } from '../../src/ui/ScrollRegion';

const member: MemberInfo = {
  id: 1,
  account: 'maria',
  nickname: null,
  type: 0,
  isAgent: false,
  isTrial: false,
  icon: 1,
  mobile: null,
  email: null,
  language: 'pt',
  twoFactor: false,
  createdAt: 0,
};

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

async function renderMenu(overrides: Partial<MemberInfo> = {}) {
  await initI18n('pt');
  const actions = { onSecurity: vi.fn(), onPickIcon: vi.fn(), onSignOut: vi.fn() };
  render(
    <MemoryRouter initialEntries={['/']}>
      <AccountMenu member={{ ...member, ...overrides }} balance="1.234,00 FUN" {...actions} />
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
  return actions;
}

describe('the header account menu (phones and narrow screens)', () => {
  it('opens from the avatar with the account, its balance and the member links', async () => {
    const user = userEvent.setup();
    await renderMenu();
    const toggle = screen.getByRole('button', { name: 'Menu da conta de maria' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByTestId('account-menu-panel')).not.toBeVisible();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const panel = screen.getByTestId('account-menu-panel');
    expect(panel).toBeVisible();
    expect(panel).toHaveTextContent('maria');
    expect(panel).toHaveTextContent('1.234,00 FUN');
    expect(screen.getByRole('link', { name: 'Minha conta' })).toHaveAttribute(
      'href',
      '/member/securityCenter',
    );
    expect(screen.getByRole('link', { name: 'Carteira' })).toHaveAttribute('href', '/member/transferFund');
    // Spec 2.3's member menu: the records, each a page of the member centre.
    expect(screen.getByRole('link', { name: 'Extrato' })).toHaveAttribute(
      'href',
      '/member/transactionHistory',
    );
    expect(screen.getByRole('link', { name: 'Ganhos e perdas' })).toHaveAttribute(
      'href',
      '/member/personalProfit',
    );
    expect(screen.getByRole('link', { name: 'Histórico de apostas' })).toHaveAttribute(
      'href',
      '/member/personalHistoryCopy',
    );
    // The point mall only when the points system is on.
    expect(screen.queryByRole('link', { name: /pontos/i })).toBeNull();
    // Only agents see the agent page.
    expect(screen.queryByRole('link', { name: 'Agente' })).toBeNull();

    await user.click(screen.getByRole('link', { name: 'Carteira' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/member/transferFund');
    expect(panel).not.toBeVisible();
  });

  it('reaches two-step verification, the picture and signing out, closing itself first', async () => {
    const user = userEvent.setup();
    const actions = await renderMenu({ isAgent: true });
    const toggle = screen.getByRole('button', { name: 'Menu da conta de maria' });
    await user.click(toggle);
    expect(screen.getByRole('link', { name: 'Agente' })).toHaveAttribute('href', '/agentHome');
    await user.click(screen.getByRole('button', { name: 'Segurança' }));
    expect(actions.onSecurity).toHaveBeenCalledOnce();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await user.click(toggle);
    await user.click(screen.getByRole('button', { name: 'Alterar imagem' }));
    expect(actions.onPickIcon).toHaveBeenCalledOnce();
    await user.click(toggle);
    await user.click(screen.getByRole('button', { name: 'Sair' }));
    expect(actions.onSignOut).toHaveBeenCalledOnce();
  });

  it('closes on Escape, giving focus back to the avatar, and on a tap outside', async () => {
    const user = userEvent.setup();
    await renderMenu();
    const toggle = screen.getByRole('button', { name: 'Menu da conta de maria' });
    await user.click(toggle);
    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();

    await user.click(toggle);
    await user.click(screen.getByTestId('where'));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('offers a trial account its trial wallet, a real account and signing out, and no member pages', async () => {
    const user = userEvent.setup();
    const onTrialWallet = vi.fn();
    const onCreateAccount = vi.fn();
    await initI18n('pt');
    render(
      <MemoryRouter initialEntries={['/']}>
        <AccountMenu
          member={{ ...member, isTrial: true }}
          balance="2.000,00 FUN"
          onSecurity={vi.fn()}
          onPickIcon={vi.fn()}
          onSignOut={vi.fn()}
          onTrialWallet={onTrialWallet}
          onCreateAccount={onCreateAccount}
        />
      </MemoryRouter>,
    );
    await user.click(screen.getByRole('button', { name: 'Menu da conta de maria' }));
    expect(screen.queryAllByRole('link')).toHaveLength(0);
    expect(screen.getByTestId('account-menu-panel')).toHaveTextContent('Saldo de teste: 2.000,00 FUN');
    await user.click(screen.getByRole('button', { name: 'Saldo de teste' }));
    expect(onTrialWallet).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Menu da conta de maria' }));
    await user.click(screen.getByRole('button', { name: 'Criar conta real' }));
    expect(onCreateAccount).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Menu da conta de maria' }));
    expect(screen.getByRole('button', { name: 'Sair' })).toBeVisible();
  });
});

describe('a scroll region', () => {
  it('is a named region, and a tab stop only while its content is wider than it', async () => {
    const widths = vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(900);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(400);
    const { unmount } = render(
      <ScrollRegion label="Extrato" testId="scroll">
        <table />
      </ScrollRegion>,
    );
    expect(screen.getByRole('region', { name: 'Extrato' })).toHaveAttribute('tabindex', '0');
    unmount();

    widths.mockReturnValue(400);
    render(
      <ScrollRegion label="Extrato" testId="scroll">
        <table />
      </ScrollRegion>,
    );
    expect(screen.getByRole('region', { name: 'Extrato' })).not.toHaveAttribute('tabindex');
    vi.restoreAllMocks();
  });
});
