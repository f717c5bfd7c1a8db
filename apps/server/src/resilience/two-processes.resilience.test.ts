import { spawn, type ChildProcess } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inArray } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/database';
import { assessments } from '../db/schema';
import { insertOpenTests, putAnswer } from '../../test/answer-load';
import { getFreePort } from '../../test/free-port';
import { startServerProcess, type ServerProcess } from '../../test/server-process';
import { TestClient } from '../../test/test-client';
import { UNKNOWN_CODE_LIMIT } from '../modules/respondent/unknown-code-limiter';

// DESIGN.md "Architecture": stateless servers on one PostgreSQL. Two real server processes behind a real nginx (round robin,
// TRUST_PROXY=true), started at the same moment on an empty database, with the nginx site of
// deploy/nginx-several-processes.conf (the one docs/operations.md shows). Needs PostgreSQL (TEST_DATABASE_URL) and nginx.

const NGINX_SITE = fileURLToPath(new URL('../../../../deploy/nginx-several-processes.conf', import.meta.url));
const OPERATIONS_GUIDE = fileURLToPath(new URL('../../../../docs/operations.md', import.meta.url));
const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((path) => existsSync(path));
const adminUrl = process.env.TEST_DATABASE_URL;

let workDir = '';
let nginx: ChildProcess | null = null;
let processes: ServerProcess[] = [];
let database: Database | null = null;
let dropDatabase: (() => Promise<void>) | null = null;
let proxyUrl = '';

/** nginx with the operator's guide's site, its upstream ports replaced by the two processes' ports, listening on `port`. */
async function startNginx(port: number, upstreamPorts: number[]): Promise<ChildProcess> {
  const site = readFileSync(NGINX_SITE, 'utf8')
    .replace(/listen \d+;/, `listen 127.0.0.1:${port};`)
    .replace(/(\s*server 127\.0\.0\.1:\d+;)+/, upstreamPorts.map((p) => `\n    server 127.0.0.1:${p};`).join(''));
  const prefix = join(workDir, 'nginx');
  mkdirSync(join(prefix, 'logs'), { recursive: true });
  const main = [
    process.getuid?.() === 0 ? 'user root;' : '',
    'worker_processes 1;',
    `pid ${join(prefix, 'nginx.pid')};`,
    `error_log ${join(prefix, 'logs', 'error.log')} warn;`,
    'events { worker_connections 1024; }',
    'http {',
    `  access_log off;`,
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `  ${t}_temp_path ${join(prefix, t)};`),
    site,
    '}',
  ].join('\n');
  writeFileSync(join(prefix, 'nginx.conf'), main);
  const child = spawn(NGINX ?? 'nginx', ['-p', prefix, '-c', join(prefix, 'nginx.conf'), '-g', 'daemon off;'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  for (let i = 0; i < 50; i++) {
    if (child.exitCode !== null) {
      break;
    }
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) {
        return child;
      }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`nginx did not start: ${stderr}`);
}

function client(url: string) {
  return new TestClient(url);
}

/** The status of a GET sent from the loopback address `from` (nginx sees it as the client's address). */
function statusFrom(from: string, url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { localAddress: from, agent: false }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    request.on('error', reject);
    request.end();
  });
}

describe.runIf(Boolean(adminUrl))('two server processes behind nginx on one PostgreSQL', () => {
  beforeAll(async () => {
    expect(NGINX, 'nginx is needed for this test (apt-get install nginx; .ci/run installs it)').toBeDefined();
    workDir = mkdtempSync(join(tmpdir(), 'pid5-two-processes-'));
    // An empty database: both processes start at the same moment and must migrate it once between them.
    const name = `pid5_two_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(adminUrl ?? '');
    url.pathname = `/${name}`;
    dropDatabase = async () => {
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    };

    const proxyPort = await getFreePort();
    proxyUrl = `http://127.0.0.1:${proxyPort}`;
    const env = { DATABASE_URL: url.href, TRUST_PROXY: 'true', PUBLIC_URL: proxyUrl };
    processes = await Promise.all([startServerProcess(env), startServerProcess(env)]);
    nginx = await startNginx(
      proxyPort,
      processes.map((p) => Number(new URL(p.url).port)),
    );
    database = await openDatabase({ kind: 'postgres', url: url.href, poolSize: 4 });
  }, 120_000);

  afterAll(async () => {
    nginx?.kill('SIGTERM');
    await Promise.all(processes.map((p) => p.stop()));
    await database?.close();
    await dropDatabase?.();
    if (workDir) {
      rmSync(workDir, { recursive: true, force: true });
    }
  });

  it('ran every migration once although both processes started on the empty database at the same moment', async () => {
    const rows = (await database!.db.execute('select name from schema_migrations order by name')) as unknown as {
      rows: { name: string }[];
    };
    const names = rows.rows.map((r) => r.name);
    expect(names.length).toBeGreaterThan(5);
    expect(new Set(names).size).toBe(names.length);
    for (const p of processes) {
      expect((await fetch(`${p.url}/readyz`)).status).toBe(200);
    }
  });

  it('a session made through one process works on the other, and logging out on one ends it on both', async () => {
    const [a, b] = processes.map((p) => client(p.url)) as [TestClient, TestClient];
    const username = `two-proc-${randomBytes(3).toString('hex')}`;
    const credentials = { username, password: 'a long enough password' };
    expect((await a.post('/auth/local/register', credentials)).status).toBe(201);
    expect((await a.post('/auth/local/login', credentials)).status).toBe(200);
    const session = a.cookie('session');
    expect(session).toBeTruthy();
    b.setCookie('session', session ?? '');
    const me = await b.get('/api/me');
    expect(me.status).toBe(200);
    expect(((await me.json()) as { username: string }).username).toBe(username);
    // Through nginx too (round robin: both processes answer in turn).
    const viaProxy = client(proxyUrl);
    viaProxy.setCookie('session', session ?? '');
    for (let i = 0; i < 4; i++) {
      expect((await viaProxy.get('/api/me')).status).toBe(200);
    }

    expect((await b.post('/auth/logout')).status).toBeLessThan(400);
    a.setCookie('session', session ?? '');
    expect((await a.get('/api/me')).status).toBe(401);
    for (let i = 0; i < 4; i++) {
      expect((await viaProxy.get('/api/me')).status).toBe(401);
    }
  });

  it('counts the local login rate limit across both processes', async () => {
    const username = `limit-${randomBytes(3).toString('hex')}`;
    const statuses: number[] = [];
    // 10 wrong passwords a minute per account and address, alternating between the two processes.
    for (let i = 0; i < 12; i++) {
      const target = client(processes[i % 2]!.url);
      statuses.push((await target.post('/auth/local/login', { username, password: 'wrong password' })).status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });

  it('locks out an address guessing link codes across both processes', async () => {
    const [code] = await insertOpenTests(database!.db, { count: 1, label: 'Guess' });
    // The guesser's requests come from 127.0.0.2: nginx passes that address on, round robin to both processes.
    const guesser = '127.0.0.2';
    const guesses: number[] = [];
    for (let i = 0; i < UNKNOWN_CODE_LIMIT.max; i++) {
      guesses.push(await statusFrom(guesser, `${proxyUrl}/api/patient/guess${String(i).padStart(17, 'x')}`));
    }
    expect(guesses.every((s) => s === 404)).toBe(true);
    // The next guess is refused whichever process answers it (two in a row: one each) ...
    expect(await statusFrom(guesser, `${proxyUrl}/api/patient/guessZZZZZZZZZZZZZZZZZ`)).toBe(429);
    expect(await statusFrom(guesser, `${proxyUrl}/api/patient/guessYYYYYYYYYYYYYYYYY`)).toBe(429);
    // ... and so is the real link from that address, on both; a patient elsewhere (127.0.0.1) keeps answering.
    for (let i = 0; i < 2; i++) {
      expect(await statusFrom(guesser, `${proxyUrl}/api/patient/${code}`)).toBe(429);
      expect(await statusFrom('127.0.0.1', `${proxyUrl}/api/patient/${code}`)).toBe(200);
    }
  });

  it('loses none of 2 × 220 answers saved concurrently through both processes', async () => {
    const codes = await insertOpenTests(database!.db, { count: 2, label: 'Pair' });
    const saves = codes.flatMap((code, t) =>
      Array.from({ length: 220 }, (_, i) => ({ code, item: i + 1, value: (i + t) % 4 })),
    );
    const statuses = await Promise.all(
      saves.map(async (save, i) => {
        // Half straight to each process, half through nginx.
        const url = i % 4 === 0 ? processes[0]!.url : i % 4 === 1 ? processes[1]!.url : proxyUrl;
        const response = await putAnswer(url, { ...save, timeoutMs: 30_000 });
        await response.arrayBuffer();
        return response.status;
      }),
    );
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    for (const [t, code] of codes.entries()) {
      const test = (await (await fetch(`${proxyUrl}/api/patient/${code}`)).json()) as {
        answers: string;
        answeredCount: number;
      };
      expect(test.answeredCount).toBe(220);
      expect(test.answers).toBe(Array.from({ length: 220 }, (_, i) => String((i + t) % 4)).join(''));
    }
  });

  it('loses no acknowledged answer when one process is stopped (SIGTERM) while the other serves', async () => {
    const codes = await insertOpenTests(database!.db, { count: 20, label: 'Term' });
    const acknowledged = new Map<string, number>();
    let running = true;
    let n = 0;
    const loop = async () => {
      while (running) {
        const i = n++;
        const code = codes[i % codes.length] ?? '';
        const item = (Math.floor(i / codes.length) % 220) + 1;
        const value = i % 4;
        try {
          const response = await putAnswer(proxyUrl, { code, item, value, timeoutMs: 10_000 });
          await response.arrayBuffer();
          if (response.status === 200) {
            acknowledged.set(`${code}:${item}`, value);
          }
        } catch {
          // not acknowledged
        }
      }
    };
    const loops = Array.from({ length: 6 }, () => loop());
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const before = acknowledged.size;
    await processes[0]!.stop();
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    running = false;
    await Promise.all(loops);
    // The other process kept serving after the stop.
    expect(acknowledged.size).toBeGreaterThan(before);

    // Read what is stored straight from the database: through the API, the burst of saves can have used up the
    // per-link request limit of the process that is left (429), which says nothing about durability.
    const rows = await database!.db
      .select({ code: assessments.testCode, responses: assessments.responses })
      .from(assessments)
      .where(inArray(assessments.testCode, codes));
    const stored = new Map(rows.map((row) => [row.code ?? '', row.responses]));
    expect(stored.size).toBe(codes.length);
    const lost = [...acknowledged].filter(([key, value]) => {
      const [code, item] = key.split(':') as [string, string];
      return stored.get(code)?.[Number(item) - 1] !== String(value);
    });
    expect(lost).toEqual([]);
  });

  it("the operator's guide shows the nginx site this test runs", () => {
    const site = readFileSync(NGINX_SITE, 'utf8').trim();
    expect(readFileSync(OPERATIONS_GUIDE, 'utf8')).toContain(site);
  });
});
