import { zodResolver } from '@hookform/resolvers/zod';
import { useMachine } from '@xstate/react';
import { useCallback, useEffect, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { z } from 'zod';
import { call } from '../../api/client';
import type {
  LoginResult,
  RegisterFieldName,
  RegisterMobileBody,
  RegisterSettings,
} from '../../api/contract/accounts';
import type { SignInProvider } from '../../api/contract/identity';
import { MOBILE_PATTERN } from '../../api/countries';
import { errorKey } from '../../api/errors';
import { identityProblems } from '../../api/identity-fields';
import { checkField } from '../../api/patterns';
import { isoDay } from '../../api/profile-fields';
import { inspectOptions } from '../../machines/inspect';
import {
  type PhoneVerificationResult,
  phoneVerificationMachine,
} from '../../machines/phone-verification.machine';
import { type RegisterValues, registerMachine } from '../../machines/register.machine';
import { loader } from '../../ui/Loader';
import { Modal } from '../../ui/Modal';
import { affiliateCodeFromUrl } from './affiliate';
import { CaptchaField, loadCaptcha } from './CaptchaField';
import { encodeMessage, fieldMessage } from './fieldMessage';
import { solveHumanCheck } from './humanCheck';
import { MobileInput } from './MobileInput';
import { PhoneVerifierOffer } from './PhoneVerifierOffer';
import { verifyPhoneInWindow } from './phoneVerificationWindow';
import { SmsSendButton } from './SmsSendButton';

type Method = 'username' | 'mobile';

/** The text fields of the form, in the order they are shown; each appears only if its rule enables it. */
const TEXT_FIELDS: Array<{ name: RegisterFieldName; type?: string; autoComplete?: string }> = [
  { name: 'username', autoComplete: 'username' },
  { name: 'password', type: 'password', autoComplete: 'new-password' },
  { name: 'confirmPassword', type: 'password', autoComplete: 'new-password' },
  { name: 'payeeName', autoComplete: 'name' },
  // Identity (KYC): shown when the brand asks for it at registration (brands.kyc_at).
  { name: 'birthday', type: 'date', autoComplete: 'bday' },
  { name: 'cpf', autoComplete: 'off' },
  { name: 'email', type: 'email', autoComplete: 'email' },
  { name: 'mobileNum', type: 'tel', autoComplete: 'tel-national' },
  { name: 'affiliateCode' },
  { name: 'recommenderId' },
  { name: 'qqNum' },
  { name: 'line' },
  { name: 'whatsapp', type: 'tel' },
  { name: 'facebook' },
  { name: 'wechat' },
  { name: 'idNumber' },
  { name: 'paymentPassword', type: 'password', autoComplete: 'off' },
];

const PASSWORDS: RegisterFieldName[] = ['password', 'confirmPassword'];

/**
 * By mobile, the number replaces the username (spec 4.3) and is always asked for; the password too,
 * unless the brand registers by mobile without one (MOBILENUMPASSREG3 off).
 */
function fieldsFor(settings: RegisterSettings, method: Method, mobilePassword = true) {
  if (method === 'username') return TEXT_FIELDS.filter(({ name }) => settings.fields[name].enabled);
  const rest = TEXT_FIELDS.filter(
    ({ name }) =>
      name !== 'username' &&
      name !== 'mobileNum' &&
      settings.fields[name].enabled &&
      (mobilePassword || !PASSWORDS.includes(name)),
  );
  return [TEXT_FIELDS.find((f) => f.name === 'mobileNum')!, ...rest];
}

function schema(
  settings: RegisterSettings,
  method: Method,
  smsVerification: boolean,
  captchaShown: boolean,
  phoneVerified: boolean,
  mobilePassword: boolean,
) {
  const shape: Record<string, z.ZodType> = {};
  for (const { name } of fieldsFor(settings, method, mobilePassword)) {
    const rule = settings.fields[name];
    shape[name] = z
      .string()
      .trim()
      .superRefine((value, ctx) => {
        const problem = checkField(value, rule);
        if (problem) ctx.addIssue({ code: 'custom', message: encodeMessage(problem.key, problem.params) });
        // The CPF's check digits and 18 or older, as the server checks them (src/api/identity-fields.ts).
        else if (value && (name === 'cpf' || name === 'birthday')) {
          const key = identityProblems({ [name]: value }, isoDay(new Date()))[name];
          if (key) ctx.addIssue({ code: 'custom', message: encodeMessage(key, {}) });
        }
      });
  }
  shape.countryDialingCode = z.string().optional();
  if (method === 'mobile') {
    shape.mobileNum = z.string().trim().regex(MOBILE_PATTERN, 'validation.mobile');
    // A number the brand's phone provider verified needs no SMS code.
    if (smsVerification && !phoneVerified)
      shape.verificationCode = z.string().trim().min(1, 'errors.SMS_CODE_INVALID');
  }
  if (captchaShown) shape.captcha = z.string().trim().min(1, 'errors.CAPTCHA_REQUIRED');
  shape.acceptTerms = z.boolean().refine((v) => v, 'account.terms_required');
  return z.object(shape).refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: 'validation.confirm_mismatch',
  });
}

type RegisterCall = { values: RegisterValues; humanCheck: string };

function providedFor(method: Method) {
  return registerMachine.provide({
    actors: {
      checkAffiliate: fromPromise<unknown, { code: string }>(({ input }) =>
        call('affiliate', { query: { code: input.code, domain: window.location.hostname } }),
      ),
      solveHumanCheck: fromPromise(() => solveHumanCheck()),
      loadCaptcha: fromPromise(loadCaptcha),
      register: fromPromise<LoginResult, RegisterCall>(({ input }) => {
        const body = {
          ...input.values,
          humanCheck: input.humanCheck,
          login: true,
          registerMethod: 'WEB' as const,
          domain: window.location.hostname,
        };
        return method === 'mobile'
          ? call('registerMobile', { body: body as RegisterMobileBody })
          : call('register', { body });
      }),
    },
    actions: { showLoader: () => loader.show(), hideLoader: () => loader.hide() },
  });
}
const machines = { username: providedFor('username'), mobile: providedFor('mobile') };

const phoneVerification = phoneVerificationMachine.provide({
  actors: {
    verifyInWindow: fromPromise<PhoneVerificationResult, { code: string }>(({ input, signal }) =>
      verifyPhoneInWindow(input.code, signal),
    ),
  },
});

export function RegisterForm({
  settings,
  method = 'username',
  smsVerification = false,
  mobilePassword = true,
  phoneVerifier = null,
  onSwitchToLogin,
  onDone,
}: {
  settings: RegisterSettings;
  method?: Method;
  /** REGMOBVERF3: the mobile number is verified with an sms code. */
  smsVerification?: boolean;
  /** MOBILENUMPASSREG3: a registration by mobile asks for a password (off: the member signs in by SMS). */
  mobilePassword?: boolean;
  /** The brand's phone provider, which can verify the number instead of the SMS code. */
  phoneVerifier?: SignInProvider | null;
  onSwitchToLogin: () => void;
  onDone: (result: LoginResult) => void;
}) {
  const { t } = useTranslation();
  const [state, send] = useMachine(machines[method], {
    input: {
      affiliateFromUrl: affiliateCodeFromUrl(),
      affiliateFieldShown: settings.fields.affiliateCode.enabled,
      captchaRequired: settings.fields.captcha.enabled,
    },
    ...inspectOptions(),
  });
  const [phone, sendPhone] = useMachine(phoneVerification, {
    input: { providerCode: phoneVerifier?.code ?? '' },
    ...inspectOptions(),
  });
  const verifierOffered = method === 'mobile' && smsVerification && !!phoneVerifier;
  const verified = verifierOffered ? phone.context.verified : null;
  // The rule as the form loaded it, or the server asking for a captcha the form did not know of.
  const captchaShown = state.context.captchaRequired;
  const resolver = useMemo(
    () => zodResolver(schema(settings, method, smsVerification, captchaShown, !!verified, mobilePassword)),
    [settings, method, smsVerification, captchaShown, verified, mobilePassword],
  );
  const {
    register,
    handleSubmit,
    getValues,
    resetField,
    setValue,
    formState: { errors },
  } = useForm<Record<string, unknown>>({
    resolver,
    defaultValues: {
      captcha: '',
      acceptTerms: false,
      affiliateCode: affiliateCodeFromUrl() ?? '',
      countryDialingCode: '55',
    },
  });
  const mobile = useCallback(
    () => ({
      mobileNum: String(getValues('mobileNum') ?? '').trim(),
      countryDialingCode: String(getValues('countryDialingCode')),
    }),
    [getValues],
  );

  useEffect(() => {
    if (state.status === 'done' && state.output) onDone(state.output.result);
  }, [state.status, state.output, onDone]);

  // The verified number is the one registered.
  useEffect(() => {
    if (!verified) return;
    setValue('countryDialingCode', verified.countryDialingCode);
    setValue('mobileNum', verified.mobileNum, { shouldValidate: true });
  }, [verified, setValue]);

  // A proof the server no longer takes (expired, spent): verify again.
  useEffect(() => {
    if (state.context.errorCode === 'PHONE_PROOF_INVALID') sendPhone({ type: 'RESET' });
  }, [state.context.errorCode, sendPhone]);

  // A captcha is spent by any attempt that reaches it: clear the answer whenever a new image arrives.
  useEffect(() => {
    if (state.context.captchaImage) resetField('captcha');
  }, [state.context.captchaImage, resetField]);

  const shown = fieldsFor(settings, method, mobilePassword);
  const issue = (name: string) =>
    fieldMessage(t, errors[name]?.message as string | undefined) ??
    state.context.issues.find((i) => i.path === `body.${name}`)?.message;
  const busy = !state.matches('editing') && !state.matches('registered');
  const errorText = (text?: string) =>
    text ? (
      <span className="field-error" role="alert">
        {text}
      </span>
    ) : null;

  return (
    <form
      className="account-form"
      noValidate
      data-testid={method === 'mobile' ? 'register-mobile-form' : 'register-form'}
      onSubmit={handleSubmit((values) => {
        const body: Record<string, unknown> = { acceptTerms: true };
        for (const { name } of shown) if (values[name]) body[name] = values[name];
        if (values.mobileNum) body.countryDialingCode = values.countryDialingCode;
        if (verified) {
          body.mobileNum = verified.mobileNum;
          body.countryDialingCode = verified.countryDialingCode;
          body.firebaseChannel = 'sms';
          body.firebaseIdToken = verified.proof;
        } else if (method === 'mobile' && values.verificationCode) {
          body.verificationCode = values.verificationCode;
        }
        if (captchaShown && values.captcha) body.captcha = String(values.captcha).trim();
        send({ type: 'SUBMIT', values: body as RegisterValues });
      })}
    >
      {shown.map(({ name, type, autoComplete }) => {
        const message = issue(name);
        const required = settings.fields[name].required || (method === 'mobile' && name === 'mobileNum');
        if (name === 'mobileNum') {
          return (
            <div key={name}>
              <div className="field">
                <span>
                  {t('register.fields.mobileNum')}
                  {required ? ' *' : ''}
                </span>
                {verified ? (
                  <p className="phone-verified" data-testid="phone-verified-number">
                    <span aria-hidden="true">✓</span>{' '}
                    {t('register.verified', {
                      number: `+${verified.countryDialingCode} ${verified.mobileNum}`,
                      name: verified.verifiedBy,
                    })}{' '}
                    <button type="button" className="link" onClick={() => sendPhone({ type: 'RESET' })}>
                      {t('register.verified_change')}
                    </button>
                  </p>
                ) : (
                  <MobileInput
                    dialing={register('countryDialingCode')}
                    number={register('mobileNum')}
                    invalid={!!message}
                  />
                )}
                {errorText(message)}
              </div>
              {method === 'mobile' && smsVerification && !verified && (
                <div className="field">
                  <label htmlFor="register-code">{t('register.fields.verificationCode')} *</label>
                  <div className="code-row">
                    <input
                      id="register-code"
                      inputMode="numeric"
                      autoComplete="one-time-code"
                      {...register('verificationCode')}
                    />
                    <SmsSendButton purpose="register" mobile={mobile} />
                  </div>
                  {errorText(issue('verificationCode'))}
                </div>
              )}
              {verifierOffered && !verified && phoneVerifier && (
                <PhoneVerifierOffer
                  name={phoneVerifier.name}
                  busy={phone.hasTag('busy')}
                  errorCode={phone.context.errorCode}
                  onVerify={() => sendPhone({ type: 'VERIFY' })}
                  onCancel={() => sendPhone({ type: 'CANCEL' })}
                />
              )}
            </div>
          );
        }
        return (
          <label key={name} className="field">
            <span>
              {t(`register.fields.${name}`)}
              {required ? ' *' : ''}
            </span>
            <input
              type={type ?? 'text'}
              autoComplete={autoComplete}
              {...(name === 'cpf' ? { inputMode: 'numeric' as const, placeholder: '000.000.000-00' } : {})}
              {...register(name)}
              aria-invalid={!!message}
            />
            {errorText(message)}
          </label>
        );
      })}
      {captchaShown && (
        <CaptchaField
          id={`${method}-register-captcha`}
          field={register('captcha')}
          image={state.context.captchaImage}
          invalid={!!issue('captcha')}
          error={errorText(issue('captcha'))}
          onRefresh={() => send({ type: 'REFRESH_CAPTCHA' })}
        />
      )}
      <label className="check terms">
        <input type="checkbox" {...register('acceptTerms')} />
        <span>
          {t('register.terms')} <a href="/help#terms">{t('register.terms_link')}</a>
        </span>
      </label>
      {errors.acceptTerms && errorText(t('account.terms_required'))}
      {state.context.errorCode &&
        !['VALIDATION_FAILED', 'INVALID_AFFILIATE'].includes(state.context.errorCode) && (
          <p className="form-error" role="alert" data-testid="register-error">
            {t(errorKey(state.context.errorCode))}
          </p>
        )}
      <button type="submit" className="btn btn-accent btn-block" disabled={busy}>
        {busy ? t('account.verifying') : t('register.submit')}
      </button>
      <p className="form-switch">
        {t('register.have_account')}{' '}
        <button type="button" className="link" onClick={onSwitchToLogin}>
          {t('account.login_tab')}
        </button>
      </p>
      {state.context.affiliateRejected && (
        <Modal
          title={t('register.warning')}
          onClose={() => send({ type: 'DISMISS' })}
          testId="affiliate-warning"
        >
          <p>{t('errors.INVALID_AFFILIATE')}</p>
          <div className="dialog-actions">
            <button type="button" className="btn btn-primary" onClick={() => send({ type: 'DISMISS' })}>
              {t('session.confirm')}
            </button>
          </div>
        </Modal>
      )}
    </form>
  );
}
