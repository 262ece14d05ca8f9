import type { Page } from 'playwright-core';

/**
 * Calls the API from the page as the signed-in user: the access token is the one oidc-client-ts
 * keeps in sessionStorage. Rejects on a non-2xx answer, naming the call and the status.
 */
export async function apiAsUser<T>(
  page: Page,
  path: string,
  init: { method?: string; body?: unknown } = {},
): Promise<T> {
  const answer = await page.evaluate(
    async ({ path, method, body }) => {
      let token = '';
      for (let i = 0; i < sessionStorage.length; i += 1) {
        const key = sessionStorage.key(i);
        if (key?.startsWith('oidc.user:')) {
          const user = JSON.parse(sessionStorage.getItem(key) ?? '{}') as { access_token?: string };
          token = user.access_token ?? '';
        }
      }
      const response = await fetch(path, {
        method: method ?? 'GET',
        headers: {
          Authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      if (!response.ok) throw new Error(`${method ?? 'GET'} ${path}: ${response.status}`);
      return (await response.json()) as unknown;
    },
    { path, method: init.method, body: init.body },
  );
  return answer as T;
}

/**
 * Calls the API from the test (not the page) with the signed-in user's access token: for
 * answers that are files. The token is the one oidc-client-ts keeps in sessionStorage.
 */
export async function fetchAsUser(page: Page, path: string): Promise<Response> {
  return fetch(new URL(path, page.url()), {
    headers: { Authorization: `Bearer ${await accessToken(page)}` },
  });
}

/** The signed-in user's access token, as oidc-client-ts keeps it in sessionStorage. */
export async function accessToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => {
    for (let i = 0; i < sessionStorage.length; i += 1) {
      const key = sessionStorage.key(i);
      if (key?.startsWith('oidc.user:')) {
        return (JSON.parse(sessionStorage.getItem(key) ?? '{}') as { access_token?: string })
          .access_token;
      }
    }
    return undefined;
  });
  if (!token) throw new Error('no access token in the page: sign in first');
  return token;
}
