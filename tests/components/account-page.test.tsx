import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { registerFieldName } from '../../src/api/contract/accounts';
import type { FieldRule } from '../../src/api/patterns';
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

function answer(server: FakeServer) {
  server.respond('memberInfo', member);
  server.respond('memberProfile', {
    account: 'demomember',
    nickname: null,
    realName: null,
    email: 'demo@aurora.example',
    mobile: '11987654321',
    countryDialingCode: '55',
    contacts: {},
    birthday: null,
    nationality: null,
    address: null,
    telegram: null,
    zalo: null,
    createdAt: 1_700_000_000_000,
    lastLoginAt: 1_700_000_100_000,
    lastLoginIp: '203.0.113.5',
  });
  server.respond('loginHistory', [
    {
      id: 2,
      loginType: 'username',
      ip: '203.0.113.5',
      userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) Version/17.4 Mobile Safari/604.1',
      createdAt: 1_700_000_100_000,
      current: true,
      active: true,
    },
    {
      id: 1,
      loginType: 'register',
      ip: '198.51.100.9',
      userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/126.0 Safari/537.36',
      createdAt: 1_700_000_000_000,
      current: false,
      active: false,
    },
  ]);
  server.respond('withdrawSetup', {
    hasPaymentPassword: false,
    bankAccounts: [],
    currency: 'FUN',
    balance: 0,
    minAmount: 5_000,
    maxAmount: 5_000_000,
    dailyCount: 3,
    usedToday: 0,
    confirmMinutes: 1_440,
  });
  server.respond('registerSettings', {
    fields: Object.fromEntries(
      registerFieldName.options.map((f) => [
        f,
        { enabled: true, required: true, minLength: 8, maxLength: 20, patternId: 6 },
      ]),
    ) as Record<(typeof registerFieldName.options)[number], FieldRule>,
  });
}

describe('Minha conta', () => {
  afterEach(() => sessionStorage.clear());

  it('shows the profile and the recent logins with their addresses, this session marked', async () => {
    sessionStorage.setItem('token', 't'.repeat(43));
    await renderSite('/member/securityCenter', { setup: answer });
    const page = await screen.findByTestId('account-page');
    expect(await within(page).findByTestId('profile-username')).toHaveTextContent('demomember');
    expect(within(page).getByTestId('profile-mobile')).toHaveTextContent('+55 11987654321');
    expect(within(page).getByTestId('profile-real-name')).toHaveTextContent('Não informado');
    expect(within(page).getByTestId('profile-last-login')).toHaveTextContent('IP 203.0.113.5');

    const logins = await within(page).findAllByTestId('login-entry');
    expect(logins).toHaveLength(2);
    expect(logins[0]).toHaveAttribute('data-current', 'true');
    expect(logins[0]).toHaveTextContent('Esta sessão');
    expect(logins[0]).toHaveTextContent('IP 203.0.113.5');
    expect(logins[0]).toHaveTextContent('Safari · iPhone');
    expect(logins[1]).toHaveTextContent('Encerrada');
    expect(logins[1]).toHaveTextContent('Chrome · Windows');
    expect(logins[1]).toHaveTextContent('Cadastro');
  });

  it('checks the profile fields before sending, sends birthday and nationality once, and shows them read-only after', async () => {
    sessionStorage.setItem('token', 't'.repeat(43));
    const { server } = await renderSite('/member/securityCenter', { setup: answer });
    const user = userEvent.setup();
    const profile = await screen.findByTestId('account-profile');
    await user.click(await within(profile).findByRole('button', { name: 'Editar' }));
    const form = within(profile).getByTestId('profile-form');
    // A list of countries named in Portuguese.
    const nationality = within(form).getByLabelText('Nacionalidade');
    expect(within(nationality).getByRole('option', { name: 'Alemanha' })).toHaveValue('DE');
    const birthday = within(form).getByLabelText('Data de nascimento');
    await user.type(birthday, '2099-01-01');
    await user.type(within(form).getByLabelText('Telegram'), 'ab');
    await user.click(within(form).getByRole('button', { name: 'Salvar' }));
    expect(
      await within(form).findByText('A data de nascimento não pode estar no futuro.'),
    ).toBeInTheDocument();
    expect(within(form).getByText(/Informe um usuário do Telegram/)).toBeInTheDocument();
    expect(server.calls.filter((c) => c.method === 'PUT')).toEqual([]);

    server.respond('updateProfile', {
      account: 'demomember',
      nickname: null,
      realName: null,
      email: 'demo@aurora.example',
      mobile: '11987654321',
      countryDialingCode: '55',
      contacts: {},
      birthday: '1990-02-28',
      nationality: 'DE',
      address: null,
      telegram: '@sortudo_90',
      zalo: null,
      createdAt: 1_700_000_000_000,
      lastLoginAt: 1_700_000_100_000,
      lastLoginIp: '203.0.113.5',
    });
    await user.clear(birthday);
    await user.type(birthday, '1990-02-28');
    await user.selectOptions(nationality, 'DE');
    await user.clear(within(form).getByLabelText(/^Telegram/));
    await user.type(within(form).getByLabelText(/^Telegram/), '@sortudo_90');
    await user.click(within(form).getByRole('button', { name: 'Salvar' }));
    expect(await within(profile).findByTestId('profile-nationality')).toHaveTextContent('Alemanha');
    expect(within(profile).getByTestId('profile-birthday')).toHaveTextContent('28/02/1990');
    const put = server.calls.find((c) => c.method === 'PUT');
    expect(put?.body).toEqual({
      nickname: '',
      birthday: '1990-02-28',
      nationality: 'DE',
      address: '',
      telegram: '@sortudo_90',
      zalo: '',
    });
    // Given once: read-only in the form from now on, and never sent again.
    await user.click(within(profile).getByRole('button', { name: 'Editar' }));
    expect(within(profile).getByTestId('birthday-locked')).toHaveTextContent('28/02/1990');
    expect(within(profile).getByTestId('nationality-locked')).toHaveTextContent('Alemanha');
    expect(within(profile).queryByLabelText('Data de nascimento')).toBeNull();
  });

  it('says what is wrong with a payment password or a bank account before sending anything', async () => {
    sessionStorage.setItem('token', 't'.repeat(43));
    const { server } = await renderSite('/member/securityCenter', { setup: answer });
    const user = userEvent.setup();
    const form = await screen.findByTestId('account-payment-password-form');
    await user.type(within(form).getByLabelText('Nova senha de pagamento (6 dígitos)'), '12ab');
    await user.type(within(form).getByLabelText('Confirme a nova senha de pagamento'), '123456');
    await user.click(within(form).getByRole('button', { name: 'Salvar' }));
    expect(await within(form).findByText('A senha de pagamento tem 6 dígitos.')).toBeInTheDocument();
    expect(within(form).getByText('Este campo não pode ficar vazio')).toBeInTheDocument();

    const bank = screen.getByTestId('account-bank-form');
    await user.type(within(bank).getByLabelText('Número da conta'), '12');
    await user.click(within(bank).getByRole('button', { name: 'Adicionar conta' }));
    expect(
      await within(bank).findByText('Use de 4 a 34 letras, números, espaços ou hífens.'),
    ).toBeInTheDocument();
    expect(server.calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([]);
  });
});
