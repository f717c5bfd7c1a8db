import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAssessment } from '../../test/assessment-factories';
import { createSignedInClinician } from '../../test/factories';
import { createSubmittedAssessment } from '../../test/results-test-helpers';
import { startTestServer, type TestServer } from '../../test/test-server';
import { testBackend } from '../../test/test-database';
import { schemaVersion } from '../db/migrate';
import { messages } from '../db/schema';

// `/metrics` (http/metrics.ts): off without METRICS_TOKEN, refused without its bearer token, and after a journey the
// series an operator watches have moved, with no patient data in any label.

const TOKEN = 'metrics-token-0123456789abcdef0123456789';

/** One sample's value from Prometheus's text format, or 0 when the series is not there yet. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  for (const line of text.split('\n')) {
    const match = /^([a-z_]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (match && match[1] === name && wanted.every((pair) => (match[2] ?? '').split(',').includes(pair))) {
      return Number(match[3]);
    }
  }
  return 0;
}

describe('/metrics', () => {
  let server: TestServer;
  let plain: TestServer;

  beforeAll(async () => {
    // The retention sweep soon after start (and not again), so its runs are there to count.
    server = await startTestServer({
      env: { METRICS_TOKEN: TOKEN, RETENTION_YEARS: '10' },
      retentionSchedule: { firstAfterMs: 200, everyMs: 3_600_000 },
    });
    // With the web app built, as in production: its page must not answer for /metrics.
    const webDist = mkdtempSync(join(tmpdir(), 'pid5-web-'));
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>app</title>');
    plain = await startTestServer({ env: { WEB_DIST_DIR: webDist } });
  });
  afterAll(async () => {
    await server?.close();
    await plain?.close();
  });

  const scrape = async () => {
    const response = await server.client().get('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    return response.text();
  };

  it('is not there without METRICS_TOKEN, and refused without the right bearer token', async () => {
    const off = await plain.client().get('/metrics');
    expect(off.status).toBe(404);
    expect(off.headers.get('content-type')).not.toMatch(/html/);
    expect((await plain.client().get('/dashboard')).status).toBe(200); // the web app is there
    expect((await server.client().get('/metrics')).status).toBe(401);
    const wrong = await server.client().get('/metrics', { headers: { authorization: `Bearer ${TOKEN.slice(1)}x` } });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('www-authenticate')).toBe('Bearer');
    // The scheme's name in any case, as clients send it.
    const lowerCase = await server.client().get('/metrics', { headers: { authorization: `bearer ${TOKEN}` } });
    expect(lowerCase.status).toBe(200);
    // The build's version, as the start log names it.
    const text = await lowerCase.text();
    expect(sample(text, 'app_info', { version: schemaVersion() })).toBe(1);
    // Connections and waiting requests are separate series (PostgreSQL's pool; nothing on PGlite).
    expect(text).not.toContain('database_pool_connections{state="waiting"}');
    if (testBackend() === 'postgres') {
      expect(text).toMatch(/^database_pool_connections\{state="open"\} \d+$/m);
      expect(text).toMatch(/^database_pool_waiting_requests \d+$/m);
    }
  });

  it('moves with a journey: requests by route, saves, a report, sign-ins; no patient data in a label', async () => {
    const before = await scrape();
    const clinician = await createSignedInClinician(server, 'metrics');
    const { code } = await insertAssessment(server, {
      clinicianId: clinician.id,
      consented: true,
      patientId: 'MRN-4711',
    });
    const patient = server.client();
    expect((await patient.put(`/api/patient/${code}/answers/1`, { value: 2 })).status).toBe(200);
    expect((await patient.put(`/api/patient/${code}/answers/999`, { value: 2 })).status).toBe(400);
    const submitted = await createSubmittedAssessment(server, {
      clinicianId: clinician.id,
      responses: '1'.repeat(220),
    });
    expect((await clinician.client.get(`/api/assessments/${submitted}/report.pdf`)).status).toBe(200);
    const refused = await server.client().post('/auth/local/login', { username: 'nobody', password: 'wrong-password' });
    expect(refused.status).toBe(401);

    const after = await scrape();
    const moved = (name: string, labels: Record<string, string>) =>
      sample(after, name, labels) - sample(before, name, labels);
    expect(
      moved('http_requests_total', { method: 'PUT', route: '/api/patient/:code/answers/:item', status_code: '200' }),
    ).toBe(1);
    expect(moved('answer_saves_total', { outcome: 'ok' })).toBeGreaterThanOrEqual(2); // the single save and the batch
    expect(moved('answer_saves_total', { outcome: 'refused' })).toBe(1);
    expect(moved('pdf_report_seconds_count', { outcome: 'ok' })).toBe(1);
    expect(moved('sign_ins_total', { outcome: 'signed-in' })).toBe(1); // the clinician's local sign-in
    expect(moved('sign_ins_total', { outcome: 'refused' })).toBe(1);
    expect(after).toMatch(/^pdf_queue_reports\{state="waiting"\} 0$/m);
    expect(after).toMatch(/^process_resident_memory_bytes \d+/m);
    // Route templates only: no link code, patient id or user in any label.
    expect(after).not.toContain(code);
    expect(after).not.toContain('MRN-4711');
    expect(after).not.toContain(clinician.id);
    expect(after).not.toContain(clinician.username);
  });

  it('gives the mail queue by state and the retention sweep runs, with no patient data in a label', async () => {
    const clinician = await createSignedInClinician(server, 'queue');
    const { row } = await insertAssessment(server, { clinicianId: clinician.id, patientId: 'MRN-QUEUE-9' });
    const before = await scrape();
    // Messages as the queue leaves them: two waiting, one failed (a retry due), one sent (not in the queue).
    const rows = (['queued', 'queued', 'failed', 'sent'] as const).map((state) => ({
      assessmentId: row.id,
      clinicianId: clinician.id,
      kind: 'invitation' as const,
      recipient: 'patient' as const,
      state,
      address: 'queue.patient@example.org',
      addressMasked: 'q•••@example.org',
    }));
    await server.database.db.insert(messages).values(rows);
    const after = await scrape();
    const moved = (state: string) =>
      sample(after, 'mail_queue_messages', { state }) - sample(before, 'mail_queue_messages', { state });
    expect(moved('queued')).toBe(2);
    expect(moved('failed')).toBe(1);
    expect(after).toMatch(/^mail_queue_messages\{state="sending"\} \d+$/m);
    expect(after).not.toContain('mail_queue_messages{state="sent"}');
    // The sweep ran once after start (nothing to erase) and is counted as done.
    await expect
      .poll(async () => sample(await scrape(), 'retention_sweep_runs', { outcome: 'done' }), {
        timeout: 30_000,
      })
      .toBe(1);
    const swept = await scrape();
    expect(sample(swept, 'retention_sweep_runs', { outcome: 'failed' })).toBe(0);
    expect(sample(swept, 'retention_sweep_last_success_timestamp_seconds')).toBeGreaterThan(1_600_000_000);
    for (const text of [after, swept]) {
      expect(text).not.toContain('MRN-QUEUE-9');
      expect(text).not.toContain('queue.patient');
      expect(text).not.toContain('example.org');
    }
  });
});
