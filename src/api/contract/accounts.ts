import { z } from 'zod';
import { DIALING_CODES, MOBILE_PATTERN } from '../countries';
import { languageCode } from './common';

export const AGENT_TYPES = [1, 2, 41, 42] as const;
export const TRIAL_TYPE = 4;

export const registerFieldName = z.enum([
  'username',
  'password',
  'confirmPassword',
  'payeeName',
  'email',
  'qqNum',
  'mobileNum',
  'recommenderId',
  'captcha',
  'verificationCode',
  'affiliateCode',
  'paymentPassword',
  'line',
  'whatsapp',
  'facebook',
  'wechat',
  'idNumber',
  'birthday',
  'cpf',
]);
export type RegisterFieldName = z.infer<typeof registerFieldName>;

export const fieldRule = z.object({
  enabled: z.boolean(),
  required: z.boolean(),
  minLength: z.number().int(),
  maxLength: z.number().int(),
  patternId: z.number().int(),
});

export const registerSettings = z.object({ fields: z.record(registerFieldName, fieldRule) });
export type RegisterSettings = z.infer<typeof registerSettings>;

export const memberInfo = z.object({
  id: z.number().int(),
  account: z.string(),
  nickname: z.string().nullable(),
  type: z.number().int(),
  isAgent: z.boolean(),
  isTrial: z.boolean(),
  icon: z.number().int(),
  mobile: z.string().nullable(),
  email: z.string().nullable(),
  language: languageCode.nullable(),
  twoFactor: z.boolean(),
  createdAt: z.number().int(),
});
export type MemberInfo = z.infer<typeof memberInfo>;

export const loginResult = z.object({
  token: z.string(),
  firstTimeLogin: z.boolean(),
  passwordExpired: z.boolean(),
  /**
   * The password must be changed before anything else: the brand's weak default, expired under
   * PWDEXPFORCECHANGE3, or reset by email.
   */
  mustChangePassword: z.enum(['weak', 'expired', 'reset']).nullable(),
  user: memberInfo,
});
export type LoginResult = z.infer<typeof loginResult>;

const trimmed = (max: number) => z.string().trim().max(max);

/** The proof-of-work payload of the human check, base64 JSON as the widget produces it. */
export const humanCheckField = z.string().max(8000).optional();

export const mobileNumber = z.string().trim().regex(MOBILE_PATTERN);
export const dialingCode = z
  .string()
  .trim()
  .refine((c) => DIALING_CODES.includes(c));

export const loginBody = z.object({
  /** The username, or the mobile number for an sms login. */
  username: trimmed(64).min(1),
  /** The password, or the sms code for an sms login; empty for a remembered login. */
  password: z.string().max(128).default(''),
  /** 'remember': the one-day credential the server set in an http-only cookie stands in for the password. */
  type: z.enum(['username', 'sms', 'remember']).default('username'),
  /** Keep a remember-me credential for a day (ticked), or forget it (unticked). */
  remember: z.boolean().optional(),
  countryDialingCode: dialingCode.optional(),
  captcha: trimmed(16).optional(),
  humanCheck: humanCheckField,
  /** From the agent page: only agents may log in there. */
  agentLogin: z.boolean().optional(),
});

export const registerBody = z.object({
  username: trimmed(64),
  password: z.string().max(128),
  confirmPassword: z.string().max(128),
  payeeName: trimmed(64).optional(),
  email: trimmed(128).optional(),
  qqNum: trimmed(32).optional(),
  mobileNum: trimmed(20).optional(),
  countryDialingCode: trimmed(6).optional(),
  recommenderId: trimmed(64).optional(),
  captcha: trimmed(16).optional(),
  verificationCode: trimmed(255).optional(),
  affiliateCode: trimmed(32).optional(),
  referralCode: trimmed(32).optional(),
  paymentPassword: z.string().max(64).optional(),
  line: trimmed(64).optional(),
  whatsapp: trimmed(64).optional(),
  facebook: trimmed(128).optional(),
  wechat: trimmed(64).optional(),
  idNumber: trimmed(64).optional(),
  /** Identity (KYC), where the brand asks for it at registration: YYYY-MM-DD, 18 or older. */
  birthday: trimmed(10).optional(),
  /** The CPF, with or without its dots and dash (src/api/cpf.ts). */
  cpf: trimmed(14).optional(),
  domain: trimmed(255).optional(),
  registerUrl: trimmed(1024).optional(),
  registerMethod: z.literal('WEB').default('WEB'),
  /** Age 18+ and the terms, both required. */
  acceptTerms: z.literal(true),
  login: z.boolean().default(true),
  humanCheck: humanCheckField,
  /**
   * The mobile number was verified by the brand's phone provider instead of an SMS code from this site:
   * the channel (`sms`) and the proof its popup received (spec 4.3).
   */
  firebaseChannel: z.literal('sms').optional(),
  firebaseIdToken: z.string().trim().min(20).max(100).optional(),
});
export type RegisterBody = z.infer<typeof registerBody>;

export const affiliateQuery = z.object({ code: trimmed(32).min(1), domain: trimmed(255).optional() });

export const freePlayBody = z.object({ os: trimmed(32).optional(), platform: z.literal('W').default('W') });

export const humanCheckChallenge = z.object({
  parameters: z.record(z.string(), z.unknown()),
  signature: z.string().optional(),
});

export const changePasswordBody = z.object({
  oldPassword: z.string().min(1).max(128),
  newPassword: z.string().max(128),
  confirmNewPassword: z.string().max(128),
});
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

export const smsRequestBody = z.object({
  mobileNum: mobileNumber,
  countryDialingCode: dialingCode,
  humanCheck: humanCheckField,
  /** noLogin codes: to log in, or to reset a forgotten password. */
  purpose: z.enum(['login', 'reset']).default('login'),
});

export const smsSent = z.object({ expiredMinutes: z.number().int() });

export const forgotByEmailBody = z.object({ username: trimmed(64).min(1), email: trimmed(128).email() });

/** The code the forgot-by-email step sent, with a new password; the old one works until then. */
export const resetByEmailBody = forgotByEmailBody.extend({
  verificationCode: trimmed(16).min(1),
  newPassword: z.string().max(128),
});

export const resetByPhoneBody = z.object({
  newPassword: z.string().max(128),
  mobileNum: mobileNumber,
  countryDialingCode: dialingCode,
  verificationCode: trimmed(255).min(1),
});

export const countryEntry = z.object({ countryCode: z.string(), countryDialingCode: z.string() });

/** By mobile the number is the username, so no username is sent (spec 4.3). */
export const registerMobileBody = registerBody.extend({
  username: trimmed(64).optional(),
  /** Not asked when the brand registers by mobile without a password (MOBILENUMPASSREG3 off). */
  password: z.string().max(128).default(''),
  confirmPassword: z.string().max(128).default(''),
  mobileNum: mobileNumber,
  countryDialingCode: dialingCode,
});
export type RegisterMobileBody = z.infer<typeof registerMobileBody>;

export const twoFactorLoginBody = z.object({
  challenge: z.string().min(10).max(300),
  code: trimmed(6).regex(/^\d{6}$/),
});
export const twoFactorCodeBody = z.object({ code: trimmed(6).regex(/^\d{6}$/) });
export const twoFactorSetup = z.object({ secret: z.string(), uri: z.string() });
export const twoFactorStatus = z.object({ enabled: z.boolean() });

/** Where a code confirming a login from a new address can be sent. */
export const loginChannel = z.enum(['sms', 'email']);
export type LoginChannel = z.infer<typeof loginChannel>;
/**
 * The value of a NEW_ADDRESS_CHECK answer: a ticket for the next step, the member's masked contacts, and
 * whether the holder name of a bank account on the account may stand in for a code (spec 2.7).
 */
export const newAddressChallenge = z.object({
  challenge: z.string(),
  channels: z.array(z.object({ channel: loginChannel, destination: z.string() })),
  holderName: z.boolean(),
});
export type NewAddressChallenge = z.infer<typeof newAddressChallenge>;
const addressTicket = z.string().min(10).max(600);
export const addressCodeBody = z.object({ challenge: addressTicket, channel: loginChannel });
export const addressVerifyBody = z.object({
  challenge: addressTicket,
  code: trimmed(6).regex(/^\d{6}$/),
});
/** The holder name of one of the member's bank accounts, as typed (case, accents and spaces aside). */
export const addressHolderBody = z.object({ challenge: addressTicket, holderName: trimmed(100).min(1) });

/** The member's picture: one of the brand's icons (spec: `/wps/member/info/icon`). */
export const memberIconInfo = z.object({
  icon: z.number().int(),
  url: z.string(),
  choices: z.array(z.object({ id: z.number().int(), url: z.string() })),
});
export const memberIconBody = z.object({ icon: z.number().int().min(1).max(99) });

/** A single-use code that hands this login to another browser or app in a link (?handoff=…). */
export const handoffCreated = z.object({ code: z.string(), expiresAt: z.number().int() });
export const handoffExchangeBody = z.object({ code: z.string().regex(/^[A-Za-z0-9_-]{20,200}$/) });
export const handoffAccount = z.object({ account: z.string() });

/**
 * "Minha conta": the member's own profile (spec 3: account, nickname, real name, contacts). The
 * username, mobile and email are read-only here (a mobile or email receives login and recovery codes,
 * so changing one would need a code of its own); the nickname can change, and the real name can be
 * written once while it is empty (it must match the holder of the bank accounts withdrawals go to).
 */
export const memberProfile = z.object({
  account: z.string(),
  nickname: z.string().nullable(),
  realName: z.string().nullable(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  countryDialingCode: z.string().nullable(),
  /** Other contacts given at registration (line, whatsapp, facebook, wechat, qqNum, idNumber). */
  contacts: z.record(z.string(), z.string()),
  /** YYYY-MM-DD; given once (src/api/profile-fields.ts). */
  birthday: z.string().nullable(),
  /** ISO 3166-1 alpha-2 code; given once. */
  nationality: z.string().nullable(),
  address: z.string().nullable(),
  telegram: z.string().nullable(),
  zalo: z.string().nullable(),
  createdAt: z.number().int(),
  lastLoginAt: z.number().int().nullable(),
  lastLoginIp: z.string().nullable(),
});
export type MemberProfile = z.infer<typeof memberProfile>;

export const NICKNAME_MAX = 20;
export const profileBody = z.object({
  /** Empty clears it. */
  nickname: z.string().trim().max(NICKNAME_MAX).optional(),
  /** Only while the profile has none: checked against the brand's payeeName rule. */
  realName: z.string().trim().max(64).optional(),
  /** YYYY-MM-DD, only while the profile has none; a real date, not in the future, 18 or older. */
  birthday: z.string().trim().max(10).optional(),
  /** An ISO 3166-1 alpha-2 code, only while the profile has none. */
  nationality: z.string().trim().toUpperCase().max(2).optional(),
  /** Address, Telegram and Zalo change freely; empty clears them, absent leaves them. */
  address: z.string().trim().max(200).optional(),
  telegram: z.string().trim().max(33).optional(),
  zalo: z.string().trim().max(16).optional(),
});
export type ProfileBody = z.infer<typeof profileBody>;

/** One login of the member (a session opened), newest first: when, from where, with what. */
export const loginRecord = z.object({
  id: z.number().int(),
  /** How it began: username (password), sms, remember, two-factor, new-address, register, password-change, handoff. */
  loginType: z.string(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  createdAt: z.number().int(),
  /** The session this request was made with. */
  current: z.boolean(),
  /** Neither ended nor expired. */
  active: z.boolean(),
});
export type LoginRecord = z.infer<typeof loginRecord>;
export const LOGIN_HISTORY_MAX = 50;
export const loginHistoryQuery = z.object({
  limit: z.coerce.number().int().min(1).max(LOGIN_HISTORY_MAX).default(20),
});
