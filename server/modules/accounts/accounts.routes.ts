import type { FastifyInstance, FastifyRequest } from 'fastify';
import { countries } from '../../../src/api/countries';
import { endpoints } from '../../../src/api/endpoints';
import { AppError } from '../../http/app-error';
import { bearerToken } from '../../http/context';
import { defineRoute } from '../../http/route';
import type { OutboxMessenger } from '../messaging/messenger';
import type { AccountsService, CallerContext } from './accounts.service';
import type { HumanCheckService } from './human-check';

const CAPTCHA_COOKIE = 'captcha_id';
/** The remember-me credential: http-only, sent only to the session routes, one day. */
const REMEMBER_COOKIE = 'remember';
const REMEMBER_PATH = '/wps/session';
const strict = { max: 20, timeWindow: 60_000 };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const TOKEN = /^[A-Za-z0-9_-]{20,200}$/;
const wellFormed = (value: string | undefined, pattern: RegExp) =>
  value !== undefined && pattern.test(value) ? value : undefined;

/** A caller on this machine: a loopback peer, and no proxy header saying it speaks for someone else. */
function isLoopbackCaller(request: FastifyRequest) {
  const peer = request.socket?.remoteAddress ?? '';
  const loopback = peer === '::1' || peer.startsWith('127.') || peer.startsWith('::ffff:127.');
  const proxied =
    request.headers['x-forwarded-for'] || request.headers.forwarded || request.headers['x-real-ip'];
  return loopback && !proxied;
}

function caller(request: FastifyRequest): CallerContext {
  return {
    ip: request.visitor.ip,
    userAgent: request.headers['user-agent'],
    // Cookies are the client's to write: only well-formed values reach a query.
    captchaId: wellFormed(request.cookies[CAPTCHA_COOKIE], UUID),
    rememberToken: wellFormed(request.cookies[REMEMBER_COOKIE], TOKEN),
    lang: request.lang,
  };
}

export function accountsRoutes(deps: {
  accounts: AccountsService;
  humanCheck: HumanCheckService;
  messenger: OutboxMessenger;
  outboxView: boolean;
  /** The public address is https: cookies get Secure whatever proxy is in front. */
  secureCookies: boolean;
}) {
  return async (app: FastifyInstance) => {
    const { accounts, humanCheck } = deps;

    defineRoute(
      app,
      endpoints.humanCheck,
      {
        summary: 'A proof-of-work challenge for the human check (ALTCHA)',
        tags: ['accounts'],
        rateLimit: { max: 60, timeWindow: 60_000 },
      },
      async () => (await humanCheck.challenge()) as never,
    );

    defineRoute(
      app,
      endpoints.captcha,
      {
        summary: 'A new image captcha (base64 PNG); its id travels in a cookie',
        tags: ['accounts'],
        rateLimit: { max: 30, timeWindow: 60_000 },
      },
      async ({ request, reply }) => {
        const captcha = await accounts.issueCaptcha();
        reply.setCookie(CAPTCHA_COOKIE, captcha.id, {
          path: '/',
          httpOnly: true,
          sameSite: 'strict',
          secure: deps.secureCookies || request.protocol === 'https',
          maxAge: Math.floor(captcha.ttlMs / 1000),
        });
        return captcha.image;
      },
    );

    defineRoute(
      app,
      endpoints.registerSettings,
      { summary: 'Registration fields and their rules', tags: ['accounts'] },
      async ({ request }) => ({ fields: await accounts.registerRules(request.brand) }),
    );

    defineRoute(
      app,
      endpoints.login,
      {
        summary: 'Log in by username and password, by mobile and sms code, or with the remember-me cookie',
        tags: ['accounts'],
        rateLimit: strict,
      },
      async ({ request, reply, body }) => {
        const presented = request.cookies[REMEMBER_COOKIE];
        const result = await accounts.login(request.brand, body, caller(request));
        if (body.remember) {
          const remembered = await accounts.rememberMember(result.user.id, presented);
          reply.setCookie(REMEMBER_COOKIE, remembered.token, {
            path: REMEMBER_PATH,
            httpOnly: true,
            sameSite: 'strict',
            secure: deps.secureCookies || request.protocol === 'https',
            maxAge: remembered.maxAgeSeconds,
          });
        } else if (body.remember === false) {
          await accounts.forgetRemembered(presented);
          reply.clearCookie(REMEMBER_COOKIE, { path: REMEMBER_PATH });
        }
        return result;
      },
    );

    defineRoute(
      app,
      endpoints.logout,
      { summary: 'End this session', tags: ['accounts'], auth: 'password-change' },
      async ({ request }) => {
        await accounts.logout(bearerToken(request.headers.authorization)!);
        return null;
      },
    );

    defineRoute(
      app,
      endpoints.memberInfo,
      { summary: 'The logged-in member', tags: ['accounts'], auth: 'member' },
      ({ request }) => accounts.memberInfo(request.member!),
    );

    defineRoute(
      app,
      endpoints.register,
      { summary: 'Register by username (logs in when login is true)', tags: ['accounts'], rateLimit: strict },
      ({ request, body }) => accounts.register(request.brand, body, caller(request)),
    );

    defineRoute(
      app,
      endpoints.affiliate,
      {
        summary: 'Check an agent invitation code',
        tags: ['accounts'],
        rateLimit: { max: 60, timeWindow: 60_000 },
      },
      async ({ request, query }) => {
        await accounts.checkAffiliate(request.brand, query.code);
        return { valid: true as const };
      },
    );

    defineRoute(
      app,
      endpoints.changePassword,
      {
        summary: 'Change the password (every other session ends)',
        tags: ['accounts'],
        auth: 'password-change',
        rateLimit: strict,
      },
      ({ request, body }) => accounts.changePassword(request.brand, request.member!, body, caller(request)),
    );

    defineRoute(
      app,
      endpoints.smsNoLogin,
      {
        summary: 'Send a code by SMS to log in or to reset a password',
        tags: ['accounts'],
        rateLimit: strict,
      },
      ({ request, body }) => accounts.sendNoLoginCode(request.brand, body, caller(request)),
    );

    defineRoute(
      app,
      endpoints.smsRegister,
      {
        summary: 'Send a code by SMS to verify a mobile number at registration',
        tags: ['accounts'],
        rateLimit: strict,
      },
      ({ request, body }) => accounts.sendRegisterCode(request.brand, body, caller(request)),
    );

    defineRoute(
      app,
      endpoints.registerMobile,
      {
        summary: 'Register by mobile number (it becomes the username)',
        tags: ['accounts'],
        rateLimit: strict,
      },
      ({ request, body }) => accounts.registerByMobile(request.brand, body, caller(request)),
    );

    defineRoute(
      app,
      endpoints.forgotByEmail,
      {
        summary: 'Forgot password: email a single-use code; nothing changes until it comes back',
        tags: ['accounts'],
        rateLimit: { max: 5, timeWindow: 60_000 },
      },
      ({ request, body }) => accounts.forgotByEmail(request.brand, body, caller(request)),
    );

    defineRoute(
      app,
      endpoints.resetByEmail,
      {
        summary: 'Forgot password: set a new one with the code sent by email',
        tags: ['accounts'],
        rateLimit: strict,
      },
      ({ request, body }) => accounts.resetByEmail(request.brand, body, caller(request)),
    );

    defineRoute(
      app,
      endpoints.resetByPhone,
      {
        summary: 'Forgot password: set a new one with a code sent by SMS',
        tags: ['accounts'],
        rateLimit: strict,
      },
      ({ request, body }) => accounts.resetByPhone(request.brand, body, caller(request)),
    );

    defineRoute(
      app,
      endpoints.countries,
      { summary: 'Countries and dialing codes for mobile numbers', tags: ['accounts'] },
      () => countries.map((c) => ({ ...c })),
    );

    if (deps.outboxView) {
      defineRoute(
        app,
        endpoints.outbox,
        { summary: 'Demo and tests only: the latest SMS and emails sent to a recipient', tags: ['dev'] },
        async ({ request, query }) => {
          // What was "sent" is readable from this machine only, never through a proxy.
          if (!isLoopbackCaller(request)) throw new AppError('NOT_FOUND');
          return deps.messenger.readable(request.brand.id, query.recipient);
        },
      );
    }

    defineRoute(
      app,
      endpoints.twoFactorLogin,
      {
        summary: 'Second login step: the challenge and a code from the authenticator app',
        tags: ['accounts'],
        rateLimit: strict,
      },
      ({ request, body }) => accounts.loginTwoFactor(request.brand, body, caller(request)),
    );

    defineRoute(
      app,
      endpoints.createHandoff,
      {
        summary: 'A single-use code (one minute) that hands this login to another browser in a link',
        tags: ['accounts'],
        auth: 'member',
        rateLimit: strict,
      },
      ({ request }) => accounts.createHandoff(request.brand, request.member!),
    );

    defineRoute(
      app,
      endpoints.peekHandoff,
      {
        summary: 'The account a hand-off code would log in, without spending it (asked before using it)',
        tags: ['accounts'],
        rateLimit: strict,
      },
      ({ request, body }) => accounts.peekHandoff(request.brand, body.code),
    );

    defineRoute(
      app,
      endpoints.exchangeHandoff,
      {
        summary: 'Trade a hand-off code for a session of its own (never a token in an address)',
        tags: ['accounts'],
        rateLimit: strict,
      },
      ({ request, body }) => accounts.exchangeHandoff(request.brand, body.code, caller(request)),
    );

    defineRoute(
      app,
      endpoints.newAddressCode,
      {
        summary: 'Login from a new address: send a code to the mobile or email of the account',
        tags: ['accounts'],
        rateLimit: strict,
      },
      ({ request, body }) => accounts.sendNewAddressCode(request.brand, body, caller(request)),
    );

    defineRoute(
      app,
      endpoints.newAddressVerify,
      {
        summary: 'Login from a new address: the ticket and the code open the session',
        tags: ['accounts'],
        rateLimit: strict,
      },
      ({ request, body }) => accounts.verifyNewAddress(request.brand, body, caller(request)),
    );

    defineRoute(
      app,
      endpoints.newAddressHolder,
      {
        summary:
          'Login from a new address: the ticket and the holder name of a bank account on the account open the session',
        tags: ['accounts'],
        rateLimit: strict,
      },
      ({ request, body }) => accounts.verifyNewAddressByHolder(request.brand, body, caller(request)),
    );

    defineRoute(
      app,
      endpoints.memberIcon,
      { summary: "The member's picture and the pictures to choose from", tags: ['accounts'], auth: 'member' },
      ({ request }) => accounts.iconInfo(request.member!.icon),
    );

    defineRoute(
      app,
      endpoints.setMemberIcon,
      { summary: "Change the member's picture", tags: ['accounts'], auth: 'member' },
      ({ request, body }) => accounts.setIcon(request.member!, body.icon),
    );

    defineRoute(
      app,
      endpoints.twoFactorSetup,
      {
        summary: 'Start turning on two-step verification: a secret for the app',
        tags: ['accounts'],
        auth: 'member',
      },
      ({ request }) => accounts.setUpTwoFactor(request.brand, request.member!),
    );

    defineRoute(
      app,
      endpoints.twoFactorEnable,
      {
        summary: 'Turn on two-step verification with a first code',
        tags: ['accounts'],
        auth: 'member',
        rateLimit: strict,
      },
      ({ request, body }) => accounts.enableTwoFactor(request.member!, body.code),
    );

    defineRoute(
      app,
      endpoints.twoFactorDisable,
      {
        summary: 'Turn off two-step verification with a current code',
        tags: ['accounts'],
        auth: 'member',
        rateLimit: strict,
      },
      ({ request, body }) => accounts.disableTwoFactor(request.member!, body.code),
    );

    defineRoute(
      app,
      endpoints.memberProfile,
      { summary: "The member's own profile (Minha conta)", tags: ['accounts'], auth: 'member' },
      ({ request }) => accounts.profile(request.member!),
    );

    defineRoute(
      app,
      endpoints.updateProfile,
      {
        summary: 'Change the nickname, or set the real name while none is stored',
        tags: ['accounts'],
        auth: 'member',
        rateLimit: strict,
      },
      ({ request, body }) => accounts.updateProfile(request.brand, request.member!, body, caller(request)),
    );

    defineRoute(
      app,
      endpoints.loginHistory,
      {
        summary: "The member's latest logins, newest first: time, address, browser; this one marked",
        tags: ['accounts'],
        auth: 'member',
      },
      ({ request, query }) =>
        accounts.recentLogins(request.member!, bearerToken(request.headers.authorization)!, query.limit),
    );

    defineRoute(
      app,
      endpoints.freePlay,
      { summary: 'Start a trial account with no credentials', tags: ['accounts'], rateLimit: strict },
      ({ request }) => accounts.freePlay(request.brand, caller(request)),
    );
  };
}
