import { BENCH_PASSWORD } from './seed';

/** Signs in with a local account (POST /auth/local/login) and returns the `session` cookie header value. */
export async function signIn(baseUrl: string, username: string): Promise<string> {
  const response = await fetch(`${baseUrl}/auth/local/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: BENCH_PASSWORD }),
  });
  if (response.status !== 200) {
    throw new Error(`login as ${username} failed: ${response.status} ${await response.text()}`);
  }
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0] ?? '')
    .find((c) => c.startsWith('session='));
  if (!cookie) {
    throw new Error('no session cookie');
  }
  return cookie;
}
