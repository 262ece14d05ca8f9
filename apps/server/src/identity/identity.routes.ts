import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import type Provider from 'oidc-provider';
import { z } from 'zod';
import type { UsersRepository } from '../features/users/index.js';
import type { CredentialThrottle } from './credential-throttle.js';
import type { KnownBrowsers } from './known-browsers.js';
import { changePasswordPage, errorPage, identityCss, loginPage, logoutScript } from './pages.js';
import { hashPassword, PASSWORD_RULES } from './passwords.js';
import { mountProvider, pinToPublicUrl } from './provider-mount.js';
import type { SignInGuard } from './sign-in-guard.js';
import { registerTokenEndpoints } from './token-endpoint.js';

export const IDENTITY_MESSAGES = {
  invalidCredentials: 'The email or password is incorrect.',
  /** The throttle's back-off and the per-address limit; `seconds` is the Retry-After. */
  tooManyAttempts: (seconds: number) =>
    `Too many sign-in attempts. Please try again in ${waitText(seconds)}.`,
  passwordMismatch: 'The new passwords do not match.',
  passwordTooShort: `The new password must have at least ${PASSWORD_RULES.minLength} characters.`,
  passwordTooLong: `The new password must have at most ${PASSWORD_RULES.maxLength} characters.`,
  passwordSame: 'The new password must be different from the current one.',
  passwordChanged: 'Your password has been changed.',
  sessionExpired: 'Your sign-in session has expired. Please start again from the portal.',
} as const;

/** "45 seconds", "5 minutes": a wait in whole units, rounded up so it is never too short. */
function waitText(seconds: number): string {
  const [n, unit] =
    seconds < 60
      ? [Math.max(1, Math.ceil(seconds)), 'second']
      : [Math.ceil(seconds / 60), 'minute'];
  return `${n} ${unit}${n === 1 ? '' : 's'}`;
}

/**
 * Thrown by the per-address limit of a form post (@fastify/rate-limit's error builder, which
 * has already set Retry-After): the form's own page answers it, so a browser never sees JSON.
 */
class FormRateLimited extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('too many form posts from this address');
  }
}

/** A per-address limit for a form post, checked once the form is parsed (to keep its email). */
function formRateLimit(max: number) {
  return {
    max,
    timeWindow: '1 minute',
    hook: 'preHandler',
    errorResponseBuilder: (_request: FastifyRequest, context: { ttl: number }) =>
      new FormRateLimited(Math.max(1, Math.ceil(context.ttl / 1000))),
  } as const;
}

/** Sign-in form posts allowed per address and minute, whatever the names (the guard throttles guesses). */
export const SIGN_IN_ATTEMPTS_PER_MINUTE = 20;

export interface IdentityRoutesOptions {
  provider: Provider;
  brand: string;
  publicUrl: string;
  users: UsersRepository;
  guard: SignInGuard;
  knownBrowsers: KnownBrowsers;
  /** Throttles guessing of client secrets at the token endpoints. */
  throttle: CredentialThrottle;
}

const loginBody = z.object({
  email: z.string().max(320).default(''),
  password: z.string().max(1024).default(''),
});
/** The sign-in form's fields; anything unreadable is empty (the page then says it is wrong). */
function loginFields(body: unknown): { email: string; password: string } {
  const parsed = loginBody.safeParse(body ?? {});
  return parsed.success
    ? { email: parsed.data.email.trim(), password: parsed.data.password }
    : { email: '', password: '' };
}
const changePasswordBody = z.object({
  email: z.string().max(320).default(''),
  currentPassword: z.string().max(1024).default(''),
  newPassword: z.string().max(1024).default(''),
  confirmPassword: z.string().max(1024).default(''),
});

function passwordFields(body: unknown): z.infer<typeof changePasswordBody> {
  const parsed = changePasswordBody.safeParse(body ?? {});
  return parsed.success
    ? parsed.data
    : { email: '', currentPassword: '', newPassword: '', confirmPassword: '' };
}

function html(reply: FastifyReply, body: string, status = 200) {
  return reply
    .status(status)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(body);
}

/**
 * Mounts the embedded OpenID Connect provider at /auth, its own sign-in and
 * change-password pages, and the token endpoints (the provider's and the spec's /connect/token).
 */
export async function identityRoutes(
  app: FastifyInstance,
  o: IdentityRoutesOptions,
): Promise<void> {
  const { provider } = o;
  const passToProvider = mountProvider(provider);
  // Every URL the provider and these pages build is the public address's (provider-mount.ts).
  app.addHook('onRequest', pinToPublicUrl(o.publicUrl));

  app.get('/auth/assets/identity.css', async (_req, reply) =>
    reply
      .type('text/css; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(identityCss),
  );
  app.get('/auth/assets/logout.js', async (_req, reply) =>
    reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(logoutScript),
  );

  /** The provider's interaction for this browser, or null when it expired or never existed. */
  const interactionOf = async (request: FastifyRequest, reply: FastifyReply) => {
    try {
      return await provider.interactionDetails(request.raw, reply.raw);
    } catch {
      return null;
    }
  };
  const expiredPage = (reply: FastifyReply) =>
    html(
      reply,
      errorPage(o.brand, 'Sign-in expired', IDENTITY_MESSAGES.sessionExpired, `${o.publicUrl}/`),
      400,
    );

  // Our pages and the token endpoints: forms are url-encoded, limited per address, throttled.
  await app.register(async (pages) => {
    await pages.register(formbody, { bodyLimit: 16 * 1024 });
    await pages.register(rateLimit, { global: false });

    pages.get<{ Params: { uid: string } }>('/auth/interaction/:uid', async (request, reply) => {
      const details = await interactionOf(request, reply);
      if (!details) return expiredPage(reply);
      if (details.prompt.name === 'login') {
        return html(
          reply,
          loginPage({
            brand: o.brand,
            action: `/auth/interaction/${details.uid}/login`,
            changePasswordUrl: '/auth/password',
          }),
        );
      }
      // Any other prompt (consent) is answered for the first-party portal by loadExistingGrant.
      reply.hijack();
      return provider.interactionFinished(
        request.raw,
        reply.raw,
        {},
        { mergeWithLastSubmission: true },
      );
    });

    const signInPage = (
      reply: FastifyReply,
      uid: string,
      email: string,
      error: string,
      status: number,
    ) =>
      html(
        reply,
        loginPage({
          brand: o.brand,
          action: `/auth/interaction/${uid}/login`,
          changePasswordUrl: '/auth/password',
          email,
          error,
        }),
        status,
      );

    pages.post<{ Params: { uid: string } }>(
      '/auth/interaction/:uid/login',
      {
        config: { rateLimit: formRateLimit(SIGN_IN_ATTEMPTS_PER_MINUTE) },
        errorHandler: (error, request, reply) => {
          if (!(error instanceof FormRateLimited)) throw error;
          const { email } = loginFields(request.body);
          const wait = IDENTITY_MESSAGES.tooManyAttempts(error.retryAfterSeconds);
          void signInPage(reply, request.params.uid, email, wait, 429);
        },
      },
      async (request, reply) => {
        const details = await interactionOf(request, reply);
        if (!details) return expiredPage(reply);
        const { email, password } = loginFields(request.body);
        const page = (error: string, status: number) =>
          signInPage(reply, details.uid, email, error, status);

        const check = await o.guard.check({
          email,
          password,
          ip: request.ip,
          cookie: request.headers.cookie,
        });
        if (check.outcome === 'throttled') {
          reply.header('retry-after', String(check.waitSeconds));
          return page(IDENTITY_MESSAGES.tooManyAttempts(check.waitSeconds), 429);
        }
        if (check.outcome === 'invalid') return page(IDENTITY_MESSAGES.invalidCredentials, 401);
        const returnTo = await provider.interactionResult(
          request.raw,
          reply.raw,
          { login: { accountId: check.userId } },
          { mergeWithLastSubmission: false },
        );
        return reply
          .header('set-cookie', o.knownBrowsers.cookieFor(check.userId))
          .redirect(returnTo, 303);
      },
    );

    const passwordPage = (
      reply: FastifyReply,
      email: string,
      status: number,
      message: { error?: string; success?: string },
    ) =>
      html(
        reply,
        changePasswordPage({
          brand: o.brand,
          action: '/auth/password',
          returnUrl: `${o.publicUrl}/`,
          minLength: PASSWORD_RULES.minLength,
          email,
          ...message,
        }),
        status,
      );

    pages.get('/auth/password', async (_request, reply) => passwordPage(reply, '', 200, {}));

    pages.post(
      '/auth/password',
      {
        config: { rateLimit: formRateLimit(10) },
        errorHandler: (error, request, reply) => {
          if (!(error instanceof FormRateLimited)) throw error;
          const { email } = passwordFields(request.body);
          const wait = IDENTITY_MESSAGES.tooManyAttempts(error.retryAfterSeconds);
          void passwordPage(reply, email.trim(), 429, { error: wait });
        },
      },
      async (request, reply) => {
        const b = passwordFields(request.body);
        const email = b.email.trim();
        const page = (error: string | undefined, status: number, success?: string) =>
          passwordPage(reply, email, status, {
            ...(error ? { error } : {}),
            ...(success ? { success } : {}),
          });
        if (b.newPassword.length < PASSWORD_RULES.minLength)
          return page(IDENTITY_MESSAGES.passwordTooShort, 400);
        if (b.newPassword.length > PASSWORD_RULES.maxLength)
          return page(IDENTITY_MESSAGES.passwordTooLong, 400);
        if (b.newPassword !== b.confirmPassword)
          return page(IDENTITY_MESSAGES.passwordMismatch, 400);
        if (b.newPassword === b.currentPassword) return page(IDENTITY_MESSAGES.passwordSame, 400);
        const check = await o.guard.check({
          email,
          password: b.currentPassword,
          ip: request.ip,
          cookie: request.headers.cookie,
        });
        if (check.outcome === 'throttled') {
          reply.header('retry-after', String(check.waitSeconds));
          return page(IDENTITY_MESSAGES.tooManyAttempts(check.waitSeconds), 429);
        }
        if (check.outcome === 'invalid') return page(IDENTITY_MESSAGES.invalidCredentials, 401);
        await o.users.setPassword(check.userId, await hashPassword(b.newPassword));
        return page(undefined, 200, IDENTITY_MESSAGES.passwordChanged);
      },
    );

    registerTokenEndpoints(pages, { passToProvider, throttle: o.throttle });
  });

  // Everything else under /auth is the provider's own (authorization, token, jwks, discovery, end session).
  await app.register(async (passthrough) => {
    passthrough.removeAllContentTypeParsers();
    passthrough.addContentTypeParser('*', (_request, _payload, done) => done(null));
    passthrough.all('/auth/*', async (request, reply) => passToProvider(request, reply));
    passthrough.all('/auth', async (request, reply) => passToProvider(request, reply));
  });
}
