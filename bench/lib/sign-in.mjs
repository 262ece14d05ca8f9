// Signing in to a running portal from a benchmark: the authorization-code + PKCE flow of the
// embedded identity provider over HTTP, as the web app's browser does it.
import { createHash, randomBytes } from 'node:crypto';

export const DEMO_PASSWORD = 'Aerie-demo-2026';

/** The authorization-code + PKCE flow over HTTP, as a browser does it. */
export async function signIn(base, email, password = DEMO_PASSWORD) {
  const jar = new Map();
  const store = (res) => {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair.indexOf('=');
      jar.set(pair.slice(0, i), pair.slice(i + 1));
    }
  };
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const get = async (url) => {
    const res = await fetch(new URL(url, base), {
      redirect: 'manual',
      headers: { cookie: cookie() },
    });
    store(res);
    return res;
  };
  const verifier = randomBytes(32).toString('base64url');
  const redirectUri = `${base}/auth/signinwin/main`;
  const q = new URLSearchParams({
    client_id: 'aerie-portal',
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: 'openid profile api',
    state: 'bench',
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  });
  let res = await get(`/auth/auth?${q}`);
  const interaction = res.headers.get('location');
  await get(interaction);
  res = await fetch(new URL(`${interaction}/login`, base), {
    method: 'POST',
    redirect: 'manual',
    headers: { cookie: cookie(), 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email, password }),
  });
  store(res);
  let location = res.headers.get('location');
  while (location && !location.includes('/auth/signinwin/'))
    location = (await get(location)).headers.get('location');
  const code = new URL(location).searchParams.get('code');
  const token = await fetch(`${base}/auth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      client_id: 'aerie-portal',
      redirect_uri: redirectUri,
      code_verifier: verifier,
    }),
  });
  return (await token.json()).access_token;
}
