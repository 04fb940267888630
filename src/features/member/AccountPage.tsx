import { zodResolver } from '@hookform/resolvers/zod';
import { useActorRef, useMachine, useSelector } from '@xstate/react';
import { useCallback, useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type ActorRefFrom, fromPromise } from 'xstate';
import { z } from 'zod';
import { call } from '../../api/client';
import {
  LOGIN_HISTORY_MAX,
  type MemberProfile,
  NICKNAME_MAX,
  type ProfileBody,
} from '../../api/contract/accounts';
import { errorKey } from '../../api/errors';
import { countryName, NATIONALITY_CODES } from '../../api/nationalities';
import { ADDRESS_MAX, ADULT_AGE, isoDay, profileFieldProblems } from '../../api/profile-fields';
import { useRemote } from '../../api/useRemote';
import { accountPasswordMachine } from '../../machines/account-password.machine';
import { inspectOptions } from '../../machines/inspect';
import {
  type BankAccountView,
  type PaymentPasswordInput,
  type PaymentSettings as PaymentSettingsData,
  paymentSettingsMachine,
} from '../../machines/payment-settings.machine';
import { profileMachine } from '../../machines/profile.machine';
import type { BankAccountInput } from '../../machines/withdraw.machine';
import { formatDate, formatDateTime } from '../../ui/format';
import { ChangePasswordForm, siteChangePasswordMachine } from '../account/ChangePasswordForm';
import { fieldMessage } from '../account/fieldMessage';
import { TwoFactorPanel } from '../account/TwoFactorPanel';
import { useSessionActor } from '../session/session';
import { useOpenCustomerService } from '../site/customerService';
import { describeDevice } from './device';
import './account.css';

const LOGINS_SHOWN = Math.min(20, LOGIN_HISTORY_MAX);

/** "Minha conta" (spec 2.5 securityCenter): profile, passwords, two-step verification, banks, logins. */
export default function AccountPage() {
  const { t } = useTranslation();
  // A password change opens a new session and ends the others: the login list is read again.
  const [loginsVersion, setLoginsVersion] = useState(0);
  const passwordChanged = useCallback(() => setLoginsVersion((v) => v + 1), []);
  return (
    <div className="account-page" data-testid="account-page">
      <ProfileSection />
      <div className="account-grid">
        <PasswordSection onChanged={passwordChanged} />
        <AccountSection id="two-factor" titleKey="centre.account.two_factor_title">
          <p className="muted">{t('centre.account.two_factor_text')}</p>
          <TwoFactorPanel />
        </AccountSection>
      </div>
      <PaymentSettings />
      <LoginHistory version={loginsVersion} />
    </div>
  );
}

function AccountSection({
  id,
  titleKey,
  children,
}: {
  id: string;
  titleKey: string;
  children: React.ReactNode;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <section className="account-section" aria-labelledby={titleId} data-testid={`account-${id}`}>
      <h3 id={titleId} className="account-section-title">
        {t(titleKey)}
      </h3>
      {children}
    </section>
  );
}

function ErrorLine({ code, testId }: { code: string | null; testId?: string }) {
  const { t } = useTranslation();
  if (!code || code === 'VALIDATION_FAILED') return null;
  return (
    <p className="form-error" role="alert" data-testid={testId} data-code={code}>
      {t(errorKey(code))}
    </p>
  );
}

/** A field's problem: the form's own check first, else what the server said about `body.<name>`. */
function FieldError({
  local,
  issues,
  name,
}: {
  local?: string | undefined;
  issues: Array<{ path: string; message: string }>;
  name: string;
}) {
  const { t } = useTranslation();
  const text = fieldMessage(t, local) ?? issues.find((i) => i.path === `body.${name}`)?.message;
  return text ? (
    <span className="field-error" role="alert">
      {text}
    </span>
  ) : null;
}

// ——— Profile ———

const siteProfileMachine = profileMachine.provide({
  actors: {
    load: fromPromise(() => call('memberProfile')),
    save: fromPromise<MemberProfile, ProfileBody>(({ input }) => call('updateProfile', { body: input })),
  },
});

const profileSchema = z
  .object({
    nickname: z.string().trim().max(NICKNAME_MAX, 'validation.nickname'),
    realName: z.string().trim().max(64, 'validation.real_name'),
    birthday: z.string().trim(),
    nationality: z.string().trim(),
    address: z.string().trim(),
    telegram: z.string().trim(),
    zalo: z.string().trim(),
  })
  .superRefine((values, ctx) => {
    for (const [field, key] of Object.entries(profileFieldProblems(values, new Date())))
      ctx.addIssue({ code: 'custom', path: [field], message: key });
  });

/** The latest birthday of someone 18 or older today, for the date picker's upper bound. */
function latestAdultBirthday(now = new Date()) {
  const today = isoDay(now);
  return `${Number(today.slice(0, 4)) - ADULT_AGE}${today.slice(4)}`;
}

function ProfileSection() {
  const { t } = useTranslation();
  const [state, send] = useMachine(siteProfileMachine, inspectOptions());
  const openService = useOpenCustomerService();
  const { profile, errorCode, issues } = state.context;
  return (
    <AccountSection id="profile" titleKey="centre.account.profile_title">
      {state.hasTag('loading') && <div className="skeleton" style={{ height: 160 }} />}
      {state.hasTag('failed') && (
        <div>
          <ErrorLine code={errorCode} />
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => send({ type: 'RETRY' })}>
            {t('centre.account.retry')}
          </button>
        </div>
      )}
      {profile && state.hasTag('view') && (
        <>
          <ProfileFacts profile={profile} />
          {state.context.saved && (
            <p className="form-success" role="status">
              {t('centre.account.saved')}
            </p>
          )}
          <p className="muted account-note">
            {t('centre.account.contacts_readonly')}{' '}
            <button type="button" className="link" onClick={() => openService()}>
              {t('centre.account.talk_to_support')}
            </button>
          </p>
          <div className="account-actions">
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => send({ type: 'EDIT' })}>
              {t('centre.account.edit')}
            </button>
          </div>
        </>
      )}
      {profile && state.hasTag('form') && (
        <ProfileForm
          profile={profile}
          busy={state.hasTag('busy')}
          issues={issues}
          errorCode={errorCode}
          onSave={(values) => send({ type: 'SAVE', values })}
          onCancel={() => send({ type: 'CANCEL' })}
        />
      )}
    </AccountSection>
  );
}

function ProfileFacts({ profile }: { profile: MemberProfile }) {
  const { t, i18n } = useTranslation();
  const none = <span className="muted">{t('centre.account.not_set')}</span>;
  const mobile = profile.mobile
    ? `${profile.countryDialingCode ? `+${profile.countryDialingCode} ` : ''}${profile.mobile}`
    : null;
  const rows: Array<[string, React.ReactNode, string]> = [
    ['username', profile.account, 'profile-username'],
    ['nickname', profile.nickname ?? none, 'profile-nickname'],
    ['real_name', profile.realName ?? none, 'profile-real-name'],
    ['mobile', mobile ?? none, 'profile-mobile'],
    ['email', profile.email ?? none, 'profile-email'],
    ['birthday', profile.birthday ? formatDate(profile.birthday) : none, 'profile-birthday'],
    [
      'nationality',
      profile.nationality ? countryName(profile.nationality, i18n.language) : none,
      'profile-nationality',
    ],
    ['address', profile.address ?? none, 'profile-address'],
    ['telegram', profile.telegram ?? none, 'profile-telegram'],
    ['zalo', profile.zalo ?? none, 'profile-zalo'],
    ...Object.entries(profile.contacts).map(
      ([name, value]) =>
        [`contact_names.${name}`, value, `profile-${name}`] as [string, React.ReactNode, string],
    ),
    ['member_since', formatDateTime(profile.createdAt), 'profile-since'],
    [
      'last_login',
      profile.lastLoginAt
        ? `${formatDateTime(profile.lastLoginAt)}${profile.lastLoginIp ? ` · IP ${profile.lastLoginIp}` : ''}`
        : none,
      'profile-last-login',
    ],
  ];
  return (
    <dl className="account-facts">
      {rows.map(([key, value, testId]) => (
        <div key={key}>
          <dt>{t(`centre.account.${key}`, { defaultValue: key.replace('contact_names.', '') })}</dt>
          <dd data-testid={testId}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function ProfileForm(props: {
  profile: MemberProfile;
  busy: boolean;
  issues: Array<{ path: string; message: string }>;
  errorCode: string | null;
  onSave: (values: ProfileBody) => void;
  onCancel: () => void;
}) {
  const { t, i18n } = useTranslation();
  const { profile } = props;
  const locked = profile.realName !== null;
  const countries = useMemo(
    () =>
      NATIONALITY_CODES.map((code) => ({ code, name: countryName(code, i18n.language) })).sort((a, b) =>
        a.name.localeCompare(b.name, i18n.language),
      ),
    [i18n.language],
  );
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(profileSchema),
    defaultValues: {
      nickname: profile.nickname ?? '',
      realName: '',
      birthday: '',
      nationality: '',
      address: profile.address ?? '',
      telegram: profile.telegram ?? '',
      zalo: profile.zalo ?? '',
    },
  });
  const identityOpen = !locked || profile.birthday === null || profile.nationality === null;
  return (
    <form
      className="account-form"
      noValidate
      data-testid="profile-form"
      onSubmit={handleSubmit((v) =>
        props.onSave({
          nickname: v.nickname,
          ...(!locked && v.realName ? { realName: v.realName } : {}),
          ...(profile.birthday === null && v.birthday ? { birthday: v.birthday } : {}),
          ...(profile.nationality === null && v.nationality ? { nationality: v.nationality } : {}),
          address: v.address,
          telegram: v.telegram,
          zalo: v.zalo,
        }),
      )}
    >
      <p className="muted">
        {t('centre.account.username')}: <strong>{profile.account}</strong>
      </p>
      <label className="field">
        <span>{t('centre.account.nickname')}</span>
        <input autoComplete="nickname" maxLength={NICKNAME_MAX} {...register('nickname')} />
        <FieldError local={errors.nickname?.message} issues={props.issues} name="nickname" />
      </label>
      {locked ? (
        <p className="muted">
          {t('centre.account.real_name')}: <strong>{profile.realName}</strong> ·{' '}
          {t('centre.account.real_name_locked')}
        </p>
      ) : (
        <label className="field">
          <span>{t('centre.account.real_name')}</span>
          <input autoComplete="name" maxLength={64} {...register('realName')} />
          <small className="muted">{t('centre.account.real_name_once')}</small>
          <FieldError local={errors.realName?.message} issues={props.issues} name="realName" />
        </label>
      )}
      {profile.birthday !== null ? (
        <p className="muted" data-testid="birthday-locked">
          {t('centre.account.birthday')}: <strong>{formatDate(profile.birthday)}</strong> ·{' '}
          {t('centre.account.locked_note')}
        </p>
      ) : (
        <label className="field">
          <span>{t('centre.account.birthday')}</span>
          <input
            type="date"
            autoComplete="bday"
            max={latestAdultBirthday()}
            aria-invalid={!!errors.birthday}
            {...register('birthday')}
          />
          <FieldError local={errors.birthday?.message} issues={props.issues} name="birthday" />
        </label>
      )}
      {profile.nationality !== null ? (
        <p className="muted" data-testid="nationality-locked">
          {t('centre.account.nationality')}:{' '}
          <strong>{countryName(profile.nationality, i18n.language)}</strong> ·{' '}
          {t('centre.account.locked_note')}
        </p>
      ) : (
        <label className="field">
          <span>{t('centre.account.nationality')}</span>
          <select {...register('nationality')}>
            <option value="">{t('centre.account.choose_country')}</option>
            {countries.map((c) => (
              <option key={c.code} value={c.code}>
                {c.name}
              </option>
            ))}
          </select>
          <FieldError local={errors.nationality?.message} issues={props.issues} name="nationality" />
        </label>
      )}
      {identityOpen && <small className="muted">{t('centre.account.identity_once')}</small>}
      <label className="field">
        <span>{t('centre.account.address')}</span>
        <input autoComplete="street-address" maxLength={ADDRESS_MAX} {...register('address')} />
        <FieldError local={errors.address?.message} issues={props.issues} name="address" />
      </label>
      <label className="field">
        <span>{t('centre.account.telegram')}</span>
        <input maxLength={33} aria-invalid={!!errors.telegram} {...register('telegram')} />
        <FieldError local={errors.telegram?.message} issues={props.issues} name="telegram" />
      </label>
      <label className="field">
        <span>{t('centre.account.zalo')}</span>
        <input type="tel" inputMode="tel" maxLength={16} aria-invalid={!!errors.zalo} {...register('zalo')} />
        <FieldError local={errors.zalo?.message} issues={props.issues} name="zalo" />
      </label>
      <ErrorLine code={props.errorCode} />
      <div className="account-actions">
        <button type="submit" className="btn btn-primary" disabled={props.busy}>
          {t('centre.account.save')}
        </button>
        <button type="button" className="btn btn-ghost" disabled={props.busy} onClick={props.onCancel}>
          {t('centre.account.cancel')}
        </button>
      </div>
    </form>
  );
}

// ——— Login password ———

function PasswordSection({ onChanged }: { onChanged: () => void }) {
  const { t } = useTranslation();
  const session = useSessionActor();
  const machine = useMemo(
    () =>
      accountPasswordMachine.provide({
        actors: { changePassword: siteChangePasswordMachine },
        actions: {
          // The server ended every other session and opened this one under a new token.
          enter: (_, result) => {
            session.send({ type: 'LOGGED_IN', result });
            onChanged();
          },
        },
      }),
    [session, onChanged],
  );
  const actor = useActorRef(machine, inspectOptions());
  const state = useSelector(actor, (s) => s);
  const child = state.children.changePassword as ActorRefFrom<typeof siteChangePasswordMachine> | undefined;
  return (
    <AccountSection id="password" titleKey="centre.account.password_title">
      <p className="muted">{t('centre.account.password_text')}</p>
      {state.hasTag('changed') && (
        <p className="form-success" role="status" data-testid="password-changed">
          {t('centre.account.password_changed')}
        </p>
      )}
      {state.hasTag('form') && child ? (
        <>
          <ChangePasswordForm actor={child} />
          <button
            type="button"
            className="btn btn-ghost btn-block"
            onClick={() => actor.send({ type: 'CLOSE' })}
          >
            {t('centre.account.cancel')}
          </button>
        </>
      ) : (
        <button type="button" className="btn btn-primary" onClick={() => actor.send({ type: 'OPEN' })}>
          {t('centre.account.password_open')}
        </button>
      )}
    </AccountSection>
  );
}

// ——— Payment password and bank accounts ———

const sitePaymentSettingsMachine = paymentSettingsMachine.provide({
  actors: {
    load: fromPromise<PaymentSettingsData>(async () => {
      const setup = await call('withdrawSetup');
      return { hasPaymentPassword: setup.hasPaymentPassword, bankAccounts: setup.bankAccounts };
    }),
    setPassword: fromPromise<unknown, PaymentPasswordInput>(({ input }) =>
      call('paymentPassword', { body: input }),
    ),
    addBank: fromPromise<BankAccountView[], BankAccountInput>(({ input }) =>
      call('addBankAccount', { body: input }),
    ),
    removeBank: fromPromise<BankAccountView[], { id: number }>(({ input }) =>
      call('removeBankAccount', { body: { id: input.id } }),
    ),
  },
});

const sixDigits = z.string().regex(/^\d{6}$/, 'validation.payment_password');
function paymentPasswordSchema(has: boolean) {
  return z
    .object({
      current: has ? sixDigits : z.string().min(1, 'validation.required'),
      password: sixDigits,
      confirm: z.string().min(1, 'validation.required'),
    })
    .refine((v) => v.password === v.confirm, { path: ['confirm'], message: 'validation.confirm_mismatch' });
}

const bankSchema = z.object({
  bankName: z.string().trim().min(2, 'validation.bank_text').max(64, 'validation.bank_text'),
  accountName: z.string().trim().min(2, 'validation.bank_text').max(64, 'validation.bank_text'),
  accountNumber: z
    .string()
    .trim()
    .regex(/^[0-9A-Za-z -]{4,34}$/, 'validation.bank_account_number'),
});

function PaymentSettings() {
  const { t } = useTranslation();
  const [state, send] = useMachine(sitePaymentSettingsMachine, inspectOptions());
  const { settings, done, failed, errorCode, issues } = state.context;
  const busy = state.hasTag('busy');
  if (state.hasTag('loading')) return <div className="skeleton" style={{ height: 200 }} />;
  if (state.hasTag('failed') || !settings) {
    return (
      <AccountSection id="payment" titleKey="centre.account.payment_title">
        <ErrorLine code={errorCode} />
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => send({ type: 'RETRY' })}>
          {t('centre.account.retry')}
        </button>
      </AccountSection>
    );
  }
  return (
    <div className="account-grid">
      <AccountSection id="payment" titleKey="centre.account.payment_title">
        <p className="muted">
          {t(
            settings.hasPaymentPassword
              ? 'centre.account.payment_text_set'
              : 'centre.account.payment_text_new',
          )}
        </p>
        {done === 'password' && (
          <p className="form-success" role="status" data-testid="payment-password-saved">
            {t('centre.account.payment_saved')}
          </p>
        )}
        <PaymentPasswordForm
          // A new form once saved, so nothing typed stays in it.
          key={`${settings.hasPaymentPassword}:${done === 'password'}`}
          has={settings.hasPaymentPassword}
          busy={busy}
          issues={failed === 'password' ? issues : []}
          errorCode={failed === 'password' ? errorCode : null}
          onSubmit={(input) => send({ type: 'SET_PASSWORD', input })}
        />
      </AccountSection>
      <AccountSection id="banks" titleKey="centre.account.banks_title">
        {settings.bankAccounts.length === 0 ? (
          <p className="muted">{t('centre.account.banks_none')}</p>
        ) : (
          <ul className="bank-list" data-testid="bank-list">
            {settings.bankAccounts.map((bank) => (
              <BankRow
                key={bank.id}
                bank={bank}
                busy={busy}
                onRemove={() => send({ type: 'REMOVE_BANK', id: bank.id })}
              />
            ))}
          </ul>
        )}
        {done === 'remove' && (
          <p className="form-success" role="status">
            {t('centre.account.bank_removed')}
          </p>
        )}
        {failed === 'remove' && <ErrorLine code={errorCode} />}
        {done === 'bank' && (
          <p className="form-success" role="status" data-testid="bank-added">
            {t('centre.account.bank_added')}
          </p>
        )}
        <BankForm
          key={`bank:${settings.bankAccounts.length}`}
          busy={busy}
          issues={failed === 'bank' ? issues : []}
          errorCode={failed === 'bank' ? errorCode : null}
          onSubmit={(bank) => send({ type: 'ADD_BANK', bank })}
        />
      </AccountSection>
    </div>
  );
}

function PaymentPasswordForm(props: {
  has: boolean;
  busy: boolean;
  issues: Array<{ path: string; message: string }>;
  errorCode: string | null;
  onSubmit: (input: PaymentPasswordInput) => void;
}) {
  const { t } = useTranslation();
  const resolver = useMemo(() => zodResolver(paymentPasswordSchema(props.has)), [props.has]);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver, defaultValues: { current: '', password: '', confirm: '' } });
  const digits = { type: 'password', inputMode: 'numeric', maxLength: 6 } as const;
  return (
    <form
      className="account-form"
      noValidate
      data-testid="account-payment-password-form"
      onSubmit={handleSubmit((v) =>
        props.onSubmit(
          props.has
            ? { oldPassword: v.current, password: v.password }
            : { loginPassword: v.current, password: v.password },
        ),
      )}
    >
      <label className="field">
        <span>{t(props.has ? 'centre.account.payment_current' : 'centre.account.login_password')}</span>
        <input
          {...(props.has ? digits : { type: 'password' })}
          autoComplete={props.has ? 'off' : 'current-password'}
          {...register('current')}
        />
        <FieldError
          local={errors.current?.message}
          issues={props.issues}
          name={props.has ? 'oldPassword' : 'loginPassword'}
        />
      </label>
      <label className="field">
        <span>{t('centre.account.payment_new')}</span>
        <input {...digits} autoComplete="new-password" {...register('password')} />
        <FieldError local={errors.password?.message} issues={props.issues} name="password" />
      </label>
      <label className="field">
        <span>{t('centre.account.payment_confirm')}</span>
        <input {...digits} autoComplete="new-password" {...register('confirm')} />
        <FieldError local={errors.confirm?.message} issues={props.issues} name="confirm" />
      </label>
      <ErrorLine code={props.errorCode} testId="payment-password-error" />
      <button type="submit" className="btn btn-primary" disabled={props.busy}>
        {t('centre.account.save')}
      </button>
    </form>
  );
}

function BankRow({ bank, busy, onRemove }: { bank: BankAccountView; busy: boolean; onRemove: () => void }) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  return (
    <li data-testid={`bank-${bank.id}`}>
      <div className="bank-text">
        <strong>{bank.bankName}</strong>
        <span>
          {bank.accountName} · {bank.accountNumber}
        </span>
      </div>
      {asking ? (
        <div className="account-actions">
          <button type="button" className="btn btn-accent btn-sm" disabled={busy} onClick={onRemove}>
            {t('centre.account.bank_remove_confirm')}
          </button>
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => setAsking(false)}>
            {t('centre.account.cancel')}
          </button>
        </div>
      ) : (
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          disabled={busy}
          onClick={() => setAsking(true)}
        >
          {t('centre.account.bank_remove')}
        </button>
      )}
    </li>
  );
}

function BankForm(props: {
  busy: boolean;
  issues: Array<{ path: string; message: string }>;
  errorCode: string | null;
  onSubmit: (bank: BankAccountInput) => void;
}) {
  const { t } = useTranslation();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(bankSchema),
    defaultValues: { bankName: '', accountName: '', accountNumber: '' },
  });
  const fields = [
    ['bankName', 'bank_name', 'organization'],
    ['accountName', 'account_name', 'name'],
    ['accountNumber', 'account_number', 'off'],
  ] as const;
  return (
    <form
      className="account-form"
      noValidate
      data-testid="account-bank-form"
      onSubmit={handleSubmit((v) => props.onSubmit(v))}
    >
      <h4 className="account-subtitle">{t('centre.account.bank_add_title')}</h4>
      {fields.map(([name, key, autoComplete]) => (
        <label key={name} className="field">
          <span>{t(`centre.account.${key}`)}</span>
          <input autoComplete={autoComplete} {...register(name)} />
          <FieldError local={errors[name]?.message} issues={props.issues} name={name} />
        </label>
      ))}
      <ErrorLine code={props.errorCode} testId="bank-error" />
      <button type="submit" className="btn btn-primary" disabled={props.busy}>
        {t('centre.account.bank_add')}
      </button>
    </form>
  );
}

// ——— Recent logins ———

function LoginHistory({ version }: { version: number }) {
  const { t } = useTranslation();
  const [retry, setRetry] = useState(0);
  const logins = useRemote(`logins:${version}:${retry}`, () =>
    call('loginHistory', { query: { limit: LOGINS_SHOWN } }),
  );
  return (
    <AccountSection id="logins" titleKey="centre.account.logins_title">
      <p className="muted">{t('centre.account.logins_text', { count: LOGINS_SHOWN })}</p>
      {logins.status === 'loading' && <div className="skeleton" style={{ height: 120 }} />}
      {logins.status === 'error' && (
        <div>
          <ErrorLine code={logins.error.code} />
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => setRetry((n) => n + 1)}>
            {t('centre.account.retry')}
          </button>
        </div>
      )}
      {logins.status === 'ready' && (
        <ol className="login-list" data-testid="login-list">
          {logins.data.map((login) => (
            <li
              key={login.id}
              data-testid="login-entry"
              data-current={login.current}
              className={login.current ? 'is-current' : undefined}
            >
              <span className="login-time">
                {formatDateTime(login.createdAt)}
                {login.current && (
                  <span className="status-badge status-credited">{t('centre.account.this_device')}</span>
                )}
                {!login.current && !login.active && (
                  <span className="status-badge">{t('centre.account.ended')}</span>
                )}
              </span>
              <span className="login-ip" data-testid="login-ip">
                IP {login.ip ?? '—'}
              </span>
              <span className="login-device" title={login.userAgent ?? undefined}>
                {describeDevice(login.userAgent) ?? t('centre.account.unknown_device')}
              </span>
              <span className="login-type muted">
                {t(`centre.account.login_types.${login.loginType}`, { defaultValue: login.loginType })}
              </span>
            </li>
          ))}
        </ol>
      )}
    </AccountSection>
  );
}
