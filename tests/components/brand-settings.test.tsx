import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TFunction } from 'i18next';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  type LoginResult,
  type RegisterFieldName,
  type RegisterSettings,
  registerFieldName,
} from '../../src/api/contract/accounts';
import type { AdminBrandSettings } from '../../src/api/contract/brand-admin';
import { PERMISSIONS } from '../../src/api/contract/permissions';
import { siteOptionCodes } from '../../src/api/contract/system';
import type { FieldRule } from '../../src/api/patterns';
import { MaintenancePanel, SiteSettingsPanel } from '../../src/backoffice/settings-panels';
import { ForgotPasswordPanel } from '../../src/features/account/ForgotPasswordPanel';
import { RegisterForm } from '../../src/features/account/RegisterForm';
import { initI18n } from '../../src/i18n';
import { installFakeServer } from '../support/fake-server';
import { renderSite } from '../support/render-app';

vi.mock('../../src/features/account/humanCheck', () => ({ solveHumanCheck: async () => 'payload' }));
vi.mock('../../src/api/seal', () => ({ canSeal: () => false, seal: vi.fn() }));

const rule = (enabled: boolean, required: boolean, min = 0, max = 64, patternId = 1): FieldRule => ({
  enabled,
  required,
  minLength: min,
  maxLength: max,
  patternId,
});
const rules = () => {
  const fields = Object.fromEntries(registerFieldName.options.map((n) => [n, rule(false, false)])) as Record<
    RegisterFieldName,
    FieldRule
  >;
  fields.username = rule(true, true, 6, 16, 2);
  fields.password = rule(true, true, 8, 20, 6);
  fields.confirmPassword = fields.password;
  return fields;
};

const settings = (): AdminBrandSettings => ({
  siteName: 'Test Bet',
  merchantCode: 'TEST',
  options: Object.fromEntries(siteOptionCodes.map((c) => [c, true])) as AdminBrandSettings['options'],
  registerRules: rules(),
  password: { maxAgeDays: 90, weakDefaultSet: false },
  languages: { defaultLanguage: 'pt', supportedLanguages: ['pt', 'en'] },
  currency: { code: 'BRL', locked: true },
  kycAt: 'off',
  limits: {
    withdrawMin: 5_000,
    withdrawMax: 5_000_000,
    withdrawDailyCount: 3,
    withdrawConfirmMinutes: 1_440,
    maxAmount: 10_000_000_000,
  },
  maintenance: {
    on: false,
    startsAt: null,
    endsAt: null,
    message: { pt: 'Voltamos já.', en: 'Back soon.' },
    active: false,
    forcedByServer: false,
  },
  regionRules: [],
  domains: [{ host: 'localhost', route: 'main' }],
  resources: [],
  customerService: [],
  cacheSeconds: 5,
  serverTime: Date.now(),
});

const me = (permissions: readonly string[]) => ({
  id: 1,
  username: 'op',
  role: 'admin',
  permissions: permissions as (typeof PERMISSIONS)[number][],
  twoFactor: false,
});

let t: TFunction;
beforeAll(async () => {
  t = (await initI18n('pt')).t;
});

describe('the brand settings pages', { timeout: 30_000 }, () => {
  it('switches a site option through the confirmation: before → after, with the reason', async () => {
    const server = installFakeServer();
    server.respond('operatorMe', me(PERMISSIONS));
    let current = settings();
    server.respond('adminBrandSettings', () => current);
    server.respond('saveSiteOptions', () => {
      current = { ...current, options: { ...current.options, MOBILEVERCODELOGIN3: false } };
      return current;
    });
    const user = userEvent.setup();
    render(<SiteSettingsPanel token={'t'.repeat(32)} onExpired={() => {}} />);
    const row = await screen.findByTestId('bo-flag-MOBILEVERCODELOGIN3');
    const toggle = within(row).getByRole('checkbox');
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(row).toHaveTextContent(t('backoffice.settings.flags.MOBILEVERCODELOGIN3.help'));
    await user.click(toggle);

    const dialog = await screen.findByTestId('bo-task');
    expect(dialog).toHaveTextContent('MOBILEVERCODELOGIN3');
    expect(within(dialog).getByText(t('backoffice.settings.on'))).toBeVisible();
    expect(within(dialog).getByText(t('backoffice.settings.off'))).toBeVisible();
    await user.type(within(dialog).getByRole('textbox'), 'Provedor de SMS fora do ar');
    await user.click(within(dialog).getByRole('button', { name: t('backoffice.confirm') }));

    await waitFor(() => expect(screen.queryByTestId('bo-task')).toBeNull());
    const sent = server.calls.find((c) => c.path.endsWith('/brand/options'));
    expect(sent?.body).toMatchObject({
      options: { MOBILEVERCODELOGIN3: false },
      reason: 'Provedor de SMS fora do ar',
      requestId: expect.any(String),
    });
    await waitFor(() =>
      expect(
        within(screen.getByTestId('bo-flag-MOBILEVERCODELOGIN3')).getByRole('checkbox'),
      ).not.toBeChecked(),
    );
  });

  it('shows a reading role every setting but no way to change one', async () => {
    const server = installFakeServer();
    server.respond('operatorMe', me(['settings.read', 'members.read']));
    server.respond('adminBrandSettings', settings());
    render(<SiteSettingsPanel token={'t'.repeat(32)} onExpired={() => {}} />);
    await screen.findByText(new RegExp(t('backoffice.settings.read_only').slice(0, 20)));
    for (const code of siteOptionCodes)
      expect(within(screen.getByTestId(`bo-flag-${code}`)).getByRole('checkbox')).toBeDisabled();
    expect(screen.queryByRole('button', { name: t('backoffice.settings.save_rules') })).toBeNull();
  });

  it('schedules a maintenance window in the operator’s time and sends it as moments', async () => {
    const server = installFakeServer();
    server.respond('operatorMe', me(PERMISSIONS));
    server.respond('adminBrandSettings', settings());
    server.respond('saveMaintenance', settings());
    const user = userEvent.setup();
    const { container } = render(<MaintenancePanel token={'t'.repeat(32)} onExpired={() => {}} />);
    const form = await screen.findByTestId('bo-maintenance-form');
    await waitFor(() =>
      expect(within(form).getByRole('button', { name: t('backoffice.save') })).toBeVisible(),
    );
    const [start, end] = container.querySelectorAll<HTMLInputElement>('input[type="datetime-local"]');
    await user.type(start!, '2031-01-10T12:00');
    await user.type(end!, '2031-01-10T13:30');
    await user.click(within(form).getByRole('button', { name: t('backoffice.save') }));
    const dialog = await screen.findByTestId('bo-task');
    expect(dialog).toHaveTextContent(t('backoffice.settings.no_window'));
    expect(dialog).toHaveTextContent('10/01/2031 12:00 – 10/01/2031 13:30');
    await user.type(within(dialog).getByRole('textbox'), 'Atualização do banco');
    await user.click(within(dialog).getByRole('button', { name: t('backoffice.confirm') }));
    await waitFor(() => expect(server.calls.some((c) => c.path.endsWith('/brand/maintenance'))).toBe(true));
    const sent = server.calls.find((c) => c.path.endsWith('/brand/maintenance'))!.body;
    expect(sent).toMatchObject({
      on: false,
      startsAt: new Date('2031-01-10T12:00').getTime(),
      endsAt: new Date('2031-01-10T13:30').getTime(),
      message: { pt: 'Voltamos já.', en: 'Back soon.' },
    });
  });
});

const result: LoginResult = {
  token: 't'.repeat(32),
  firstTimeLogin: true,
  passwordExpired: false,
  mustChangePassword: null,
  user: {
    id: 9,
    account: '11955500012',
    nickname: null,
    type: 0,
    isAgent: false,
    isTrial: false,
    icon: 1,
    mobile: '11955500012',
    email: null,
    language: null,
    twoFactor: false,
    createdAt: 0,
  },
};

describe('what the site options change in the forms', { timeout: 30_000 }, () => {
  it('MOBILENUMPASSREG3 off: the mobile registration asks for no password, only the number and its code', async () => {
    const server = installFakeServer();
    server.respond('registerMobile', result);
    const onDone = vi.fn();
    const user = userEvent.setup();
    render(
      <RegisterForm
        settings={{ fields: rules() } satisfies RegisterSettings}
        method="mobile"
        smsVerification
        mobilePassword={false}
        onSwitchToLogin={() => {}}
        onDone={onDone}
      />,
    );
    expect(screen.queryByLabelText(new RegExp(`^${t('register.fields.password')}`))).toBeNull();
    expect(screen.queryByLabelText(new RegExp(t('register.fields.confirmPassword')))).toBeNull();
    await user.type(screen.getByRole('textbox', { name: /celular|mobile/i }), '11955500012');
    await user.type(screen.getByLabelText(new RegExp(t('register.fields.verificationCode'))), '123456');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: t('register.submit') }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(result));
    const sent = server.calls.find((c) => c.path.endsWith('/register/mobile'))?.body;
    expect(sent).toMatchObject({ mobileNum: '11955500012', verificationCode: '123456' });
    expect(sent).not.toHaveProperty('password');
  });

  it('MOBILENUMPASSREG3 on: the mobile registration asks for the password', () => {
    installFakeServer();
    render(
      <RegisterForm
        settings={{ fields: rules() }}
        method="mobile"
        smsVerification
        onSwitchToLogin={() => {}}
        onDone={() => {}}
      />,
    );
    expect(screen.getByLabelText(new RegExp(`^${t('register.fields.password')}`))).toBeVisible();
  });

  it('CHNGPASSVERIF3 off: the forgotten password is set again by e-mail only', () => {
    installFakeServer();
    const { unmount } = render(<ForgotPasswordPanel onBack={() => {}} byPhone={false} />);
    expect(screen.queryByRole('tab', { name: t('account.forgot_phone') })).toBeNull();
    expect(screen.getByLabelText(new RegExp(t('account.email')))).toBeVisible();
    unmount();
    render(<ForgotPasswordPanel onBack={() => {}} />);
    expect(screen.getByRole('tab', { name: t('account.forgot_phone') })).toBeVisible();
  });
});

describe('the site on a host no brand owns', { timeout: 30_000 }, () => {
  it('says the spec’s domain error instead of showing a brand', async () => {
    await renderSite('/', {
      setup: (server) => server.fail('whitelabel', 404, 'DOMAIN_CHECK_FAILED'),
    });
    const screenFailed = await screen.findByTestId('site-failed');
    expect(screenFailed).toHaveTextContent(t('errors.DOMAIN_CHECK_FAILED'));
  });
});
