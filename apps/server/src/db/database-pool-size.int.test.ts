import { describe, expect, it, onTestFinished } from 'vitest';
import { insertOpenTests, putAnswer } from '../../test/answer-load';
import { assessments } from './schema';
import { startServerProcess } from '../../test/server-process';
import { createTestDatabase } from '../../test/test-database';

// DATABASE_POOL_SIZE (docs/operations.md "Configuration"): start-up holds one pooled connection for its advisory lock (several
// processes may start at once) while it works on another, so a pool of one waited for itself and failed after the
// pool's 5 s connect timeout with a stack trace. The smallest pool that works is 2; 1 is refused before anything
// starts, with a message naming the variable.

describe('the PostgreSQL pool size', () => {
  it('refuses DATABASE_POOL_SIZE=1 at once, saying why and naming the variable', async () => {
    const refusal = await startServerProcess({
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/never-opened',
      DATABASE_POOL_SIZE: '1',
    }).then(
      async (server) => {
        await server.stop();
        return 'it started';
      },
      (error: Error) => error.message,
    );
    expect(refusal).toContain('server exited during start (code 1)');
    expect(refusal).toContain(
      'DATABASE_POOL_SIZE: must be at least 2 (start-up holds one connection for its lock while it uses another)',
    );
    expect(refusal).not.toContain('timeout exceeded');
  });

  // On PostgreSQL whichever back end the other tests run on (as the crash test): the pool is PostgreSQL's.
  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'starts with a pool of 2 and saves 40 answers sent at once',
    async () => {
      const { database, url, drop } = await createTestDatabase('postgres');
      onTestFinished(drop);
      const codes = await insertOpenTests(database.db, { count: 40, label: 'Pool' });
      const server = await startServerProcess({ DATABASE_URL: url ?? '', DATABASE_POOL_SIZE: '2' });
      onTestFinished(server.stop);

      const statuses = await Promise.all(
        codes.map(
          async (code, i) => (await putAnswer(server.url, { code, item: 1, value: i % 4, timeoutMs: 20_000 })).status,
        ),
      );
      expect(statuses.every((status) => status === 200)).toBe(true);
      const stored = await database.db
        .select({ responses: assessments.responses })
        .from(assessments)
        .orderBy(assessments.patientId);
      expect(stored.map((row) => row.responses[0])).toEqual(codes.map((_, i) => String(i % 4)));
    },
    120_000,
  );
});
