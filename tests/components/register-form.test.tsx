import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TFunction } from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  type LoginResult,
  type RegisterFieldName,
  type RegisterSettings,
  registerFieldName,
} from '../../src/api/contract/accounts';
import type { FieldRule } from '../../src/api/patterns';
import { RegisterForm } from '../../src/features/account/RegisterForm';
import { initI18n } from '../../src/i18n';
import { installFakeServer } from '../support/fake-server';

// The proof of work is the human-check module's own business (and slow in jsdom): here it is solved.
vi.mock('../../src/features/account/humanCheck', () => ({ solveHumanCheck: async () => 'payload' }));
// Sealed bodies are tested with the client; here the register body is read as the form sent it.
vi.mock('../../src/api/seal', () => ({ canSeal: () => false, seal: vi.fn() }));

const off: FieldRule = { enabled: false, required: false, minLength: 0, maxLength: 64, patternId: 0 };
function settings(captcha: boolean): RegisterSettings {
  const fields = Object.fromEntries(registerFieldName.options.map((name) => [name, off])) as Record<
    RegisterFieldName,
    FieldRule
  >;
  fields.username = { enabled: true, required: true, minLength: 6, maxLength: 16, patternId: 2 };
  fields.password = { enabled: true, required: true, minLength: 8, maxLength: 20, patternId: 6 };
  fields.confirmPassword = fields.password;
  fields.captcha = { enabled: captcha, required: captcha, minLength: 4, maxLength: 4, patternId: 7 };
  return { fields };
}

const result: LoginResult = {
  token: 't'.repeat(32),
  firstTimeLogin: true,
  passwordExpired: false,
  mustChangePassword: null,
  user: {
    id: 9,
    account: 'newplayer1',
    nickname: null,
    type: 0,
    isAgent: false,
    isTrial: false,
    icon: 1,
    mobile: null,
    email: null,
    language: null,
    twoFactor: false,
    createdAt: 0,
  },
};

let t: TFunction;
beforeAll(async () => {
  t = (await initI18n('pt')).t;
});

async function fill(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(new RegExp(t('register.fields.username'))), 'newplayer1');
  await user.type(screen.getByLabelText(new RegExp(`^${t('register.fields.password')}`)), 'Secret123');
  await user.type(screen.getByLabelText(new RegExp(t('register.fields.confirmPassword'))), 'Secret123');
  await user.click(screen.getByRole('checkbox'));
}

// Typing into a whole form in jsdom takes a few seconds on a busy machine.
describe('the registration form and the brand’s captcha rule', { timeout: 30_000 }, () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the image captcha when the rule is on, requires its answer and sends it', async () => {
    const server = installFakeServer();
    let image = 0;
    server.respond('captcha', () => `data:image/png;base64,IMG${++image}`);
    server.respond('register', result);
    const onDone = vi.fn();
    const user = userEvent.setup();
    // The form's clock is the test's: a new image is given at most once a second.
    vi.useFakeTimers({ toFake: ['Date'] });
    render(<RegisterForm settings={settings(true)} onSwitchToLogin={() => {}} onDone={onDone} />);

    expect(await screen.findByTestId('captcha-image')).toHaveAttribute('src', 'data:image/png;base64,IMG1');
    await fill(user);
    await user.click(screen.getByRole('button', { name: t('register.submit') }));
    expect(await screen.findByText(t('errors.CAPTCHA_REQUIRED'))).toBeVisible();
    expect(server.calls.filter((c) => c.path.endsWith('/register'))).toHaveLength(0);

    // A click on the image brings a new one, once a second has passed since the last.
    vi.setSystemTime(Date.now() + 1_000);
    await user.click(screen.getByTitle(t('account.refresh_captcha')));
    await waitFor(() =>
      expect(screen.getByTestId('captcha-image')).toHaveAttribute('src', 'data:image/png;base64,IMG2'),
    );
    await user.type(screen.getByLabelText(new RegExp(t('account.captcha'))), '4321');
    await user.click(screen.getByRole('button', { name: t('register.submit') }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(result));
    const sent = server.calls.find((c) => c.method === 'PUT' && c.path.endsWith('/register'));
    expect(sent?.body).toMatchObject({ username: 'newplayer1', captcha: '4321', humanCheck: 'payload' });
  });

  it('brings a new captcha after a refused registration, which spent the one shown', async () => {
    const server = installFakeServer();
    let image = 0;
    server.respond('captcha', () => `data:image/png;base64,IMG${++image}`);
    server.fail('register', 422, 'CAPTCHA_INVALID');
    const user = userEvent.setup();
    render(<RegisterForm settings={settings(true)} onSwitchToLogin={() => {}} onDone={() => {}} />);
    await screen.findByTestId('captcha-image');
    await fill(user);
    await user.type(screen.getByLabelText(new RegExp(t('account.captcha'))), '0000');
    await user.click(screen.getByRole('button', { name: t('register.submit') }));
    expect(await screen.findByTestId('register-error')).toHaveTextContent(t('errors.CAPTCHA_INVALID'));
    await waitFor(() =>
      expect(screen.getByTestId('captcha-image')).toHaveAttribute('src', 'data:image/png;base64,IMG2'),
    );
    expect(screen.getByLabelText(new RegExp(t('account.captcha')))).toHaveValue('');
  });

  it('shows no captcha and asks for none when the rule is off', async () => {
    const server = installFakeServer();
    server.respond('register', result);
    const onDone = vi.fn();
    const user = userEvent.setup();
    render(<RegisterForm settings={settings(false)} onSwitchToLogin={() => {}} onDone={onDone} />);
    await fill(user);
    expect(screen.queryByTestId('captcha-image')).toBeNull();
    await user.click(screen.getByRole('button', { name: t('register.submit') }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(result));
    expect(server.calls.some((c) => c.path.includes('captcha'))).toBe(false);
    const sent = server.calls.find((c) => c.method === 'PUT' && c.path.endsWith('/register'));
    expect(sent?.body).not.toHaveProperty('captcha');
  });
});

describe('the registration form when the brand asks for the identity there', { timeout: 30_000 }, () => {
  const kyc = (): RegisterSettings => {
    const { fields } = settings(false);
    fields.payeeName = { enabled: true, required: true, minLength: 2, maxLength: 50, patternId: 1 };
    fields.birthday = { enabled: true, required: true, minLength: 10, maxLength: 10, patternId: 1 };
    fields.cpf = { enabled: true, required: true, minLength: 11, maxLength: 14, patternId: 1 };
    return { fields };
  };

  it('asks for the full name, birthday and CPF, checks the CPF digits and the age, and sends them', async () => {
    const server = installFakeServer();
    server.respond('register', result);
    const onDone = vi.fn();
    const user = userEvent.setup();
    render(<RegisterForm settings={kyc()} onSwitchToLogin={() => {}} onDone={onDone} />);
    await fill(user);
    await user.type(screen.getByLabelText(new RegExp(t('register.fields.payeeName'))), 'Ana Souza');
    const cpf = screen.getByLabelText(new RegExp(`^${t('register.fields.cpf')}`));
    await user.type(cpf, '529.982.247-26');
    const birthday = screen.getByLabelText(new RegExp(t('register.fields.birthday')));
    // Under 18 today, whatever day the test runs.
    const young = new Date();
    young.setUTCFullYear(young.getUTCFullYear() - 17);
    await user.type(birthday, young.toISOString().slice(0, 10));
    await user.click(screen.getByRole('button', { name: t('register.submit') }));
    expect(await screen.findByText(t('validation.cpf'))).toBeVisible();
    expect(screen.getByText(t('validation.birthday_adult'))).toBeVisible();
    expect(server.calls.filter((c) => c.path.endsWith('/register'))).toHaveLength(0);

    await user.clear(cpf);
    await user.type(cpf, '529.982.247-25');
    await user.clear(birthday);
    await user.type(birthday, '1990-05-01');
    await user.click(screen.getByRole('button', { name: t('register.submit') }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(result));
    const sent = server.calls.find((c) => c.method === 'PUT' && c.path.endsWith('/register'));
    expect(sent?.body).toMatchObject({
      payeeName: 'Ana Souza',
      cpf: '529.982.247-25',
      birthday: '1990-05-01',
    });
  });
});
