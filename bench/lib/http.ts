import { spawn, spawnSync } from 'node:child_process';
import { get } from 'node:http';
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

/** Who read the download: curl (a C client, as psql is for COPY) or, where curl is missing, Node's http client. */
export type DownloadClient = 'curl' | 'node:http';

/**
 * Downloads `url` with the cookie through curl writing to a pipe that this process drains, counting bytes and lines
 * as it arrives (`onData` sees the running byte count): the same shape as the COPY limit (psql writing to a pipe this
 * process drains, lib/limits.ts), so neither side pays for a heavier client than the other. fetch's web streams cost
 * this process 1-3 s of CPU on a million rows, on the two cores the server and PostgreSQL share with it.
 */
export async function downloadCounting(
  url: string,
  cookie: string,
  onData: (bytes: number) => void = () => undefined,
): Promise<{ bytes: number; lines: number; status: number; client: DownloadClient }> {
  let bytes = 0;
  let lines = 0;
  const take = (chunk: Buffer) => {
    bytes += chunk.byteLength;
    for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) {
      lines++;
    }
    onData(bytes);
  };
  if (hasCurl()) {
    // The body on stdout; -w's %{stderr} writes the status after it on stderr.
    const child = spawn('curl', ['-s', '-S', '-H', `cookie: ${cookie}`, '-w', '%{stderr}%{http_code}', url], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stdout.on('data', take);
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve, reject) => {
      child.on('error', reject);
      child.on('close', resolve);
    });
    const status = Number(/(\d{3})\s*$/.exec(stderr)?.[1] ?? 0);
    if (code !== 0 && status === 0) {
      throw new Error(`curl exited ${code}: ${stderr.trim()}`);
    }
    return { bytes, lines, status, client: 'curl' };
  }
  const status = await new Promise<number>((resolve, reject) => {
    get(url, { headers: { cookie } }, (response) => {
      response.on('data', take);
      response.on('end', () => resolve(response.statusCode ?? 0));
      response.on('error', reject);
    }).on('error', reject);
  });
  return { bytes, lines, status, client: 'node:http' };
}

let curlFound: boolean | undefined;
function hasCurl(): boolean {
  curlFound ??= spawnSync('curl', ['--version'], { stdio: 'ignore' }).status === 0;
  return curlFound;
}
