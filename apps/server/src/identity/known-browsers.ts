import { createHmac, timingSafeEqual } from 'node:crypto';

/** The cookie that marks a browser in which a user signed in (only sent to /auth). */
export const KNOWN_BROWSER_COOKIE = 'aerie_known_browser';
const LIFETIME_S = 90 * 24 * 60 * 60;

/**
 * Browsers in which a user has signed in before (OWASP's "device cookie"): their attempts are
 * not held back by the account-wide ceiling of the throttle, so a stranger guessing a user's
 * password from many addresses never delays that user's own browser. The cookie names the
 * user and an expiry, signed with the identity provider's cookie key.
 */
export function createKnownBrowsers(key: string, secure: boolean, now: () => number = Date.now) {
  const mac = (payload: string) => createHmac('sha256', key).update(payload).digest('base64url');
  return {
    /** The Set-Cookie value after `userId` signed in. */
    cookieFor(userId: string): string {
      const payload = `${userId}.${Math.floor(now() / 1000) + LIFETIME_S}`;
      return [
        `${KNOWN_BROWSER_COOKIE}=${payload}.${mac(payload)}`,
        'Path=/auth',
        `Max-Age=${LIFETIME_S}`,
        'HttpOnly',
        'SameSite=Lax',
        ...(secure ? ['Secure'] : []),
      ].join('; ');
    },

    /** The user the request's cookie vouches for, or null. */
    userOf(cookieHeader: string | undefined): string | null {
      const value = cookieHeader
        ?.split(';')
        .map((c) => c.trim())
        .find((c) => c.startsWith(`${KNOWN_BROWSER_COOKIE}=`))
        ?.slice(KNOWN_BROWSER_COOKIE.length + 1);
      const match = value ? /^([0-9a-f-]{36})\.(\d{1,12})\.([\w-]{43})$/.exec(value) : null;
      if (!match) return null;
      const [, userId, expires, signature] = match as unknown as [string, string, string, string];
      const expected = Buffer.from(mac(`${userId}.${expires}`));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      return Number(expires) * 1000 > now() ? userId : null;
    },
  };
}
export type KnownBrowsers = ReturnType<typeof createKnownBrowsers>;
