import { spawn, spawnSync } from 'node:child_process';
import { get } from 'node:http';
import { runIntoWc } from './into-wc';
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

/** A download's credentials: a session cookie, or a machine client's bearer token (`{ bearer }`). */
export type DownloadAuth = string | { bearer: string };

function authHeader(auth: DownloadAuth): [string, string] {
  return typeof auth === 'string' ? ['cookie', auth] : ['authorization', `Bearer ${auth.bearer}`];
}

/**
 * Downloads `url` with the cookie through curl writing to a pipe that this process drains, counting bytes and lines
 * as it arrives (`onData` sees the running byte count): for the export whose memory is sampled against its progress.
 * The timed exports go through downloadIntoWc instead: draining here cost this process about 0.2 s of CPU per
 * 100,000 rows, on the two cores the server and the database share with it (bench/README.md, "COPY").
 */
export async function downloadCounting(
  url: string,
  cookie: DownloadAuth,
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
    const child = spawn('curl', curlArgs(url, cookie), { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stdout.on('data', take);
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve, reject) => {
      child.on('error', reject);
      child.on('close', resolve);
    });
    return { bytes, lines, status: curlStatus(code, stderr), client: 'curl' };
  }
  const status = await new Promise<number>((resolve, reject) => {
    get(url, { headers: Object.fromEntries([authHeader(cookie)]) }, (response) => {
      response.on('data', take);
      response.on('end', () => resolve(response.statusCode ?? 0));
      response.on('error', reject);
    }).on('error', reject);
  });
  return { bytes, lines, status, client: 'node:http' };
}

/**
 * Downloads `url` with the cookie through curl into `wc` (lib/into-wc.ts), as COPY is read through psql into wc: the
 * timed exports, during which this process does nothing per byte. Without curl, downloadCounting's Node client.
 */
export async function downloadIntoWc(
  url: string,
  cookie: DownloadAuth,
): Promise<{ bytes: number; lines: number; status: number; client: DownloadClient }> {
  if (!hasCurl()) {
    return downloadCounting(url, cookie);
  }
  const download = await runIntoWc('curl', curlArgs(url, cookie));
  const status = curlStatus(download.exitCode, download.stderr);
  return { bytes: download.bytes, lines: download.lines, status, client: 'curl' };
}

/** curl's arguments for a download with the cookie: the body on stdout, and (-w's %{stderr}) the status after it on stderr. */
function curlArgs(url: string, cookie: DownloadAuth): string[] {
  const [name, value] = authHeader(cookie);
  return ['-s', '-S', '-H', `${name}: ${value}`, '-w', '%{stderr}%{http_code}', url];
}

/** The HTTP status curl wrote last on stderr; a curl that failed before any status is an error. */
function curlStatus(exitCode: number | null, stderr: string): number {
  const status = Number(/(\d{3})\s*$/.exec(stderr)?.[1] ?? 0);
  if (exitCode !== 0 && status === 0) {
    throw new Error(`curl exited ${exitCode}: ${stderr.trim()}`);
  }
  return status;
}

let curlFound: boolean | undefined;
function hasCurl(): boolean {
  curlFound ??= spawnSync('curl', ['--version'], { stdio: 'ignore' }).status === 0;
  return curlFound;
}
