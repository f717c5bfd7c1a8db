import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { toBriefFormCliJson, toCliJson, toShortFormCliJson } from './cli-json';
import { DOMAIN_KEYS, FACET_KEYS } from './keys';
import { scoreResponses } from './score-responses';
import { makeResponses } from '../test/test-helpers';

// The CLI as the independent scorer runs it: `tsx packages/instrument/src/cli.ts` from the repository root.

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const cliPath = fileURLToPath(new URL('./cli.ts', import.meta.url));

function runCli(args: string[], input?: string) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', cliPath, ...args], {
    cwd: repoRoot,
    input: input ?? '',
    encoding: 'utf8',
    timeout: 30_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('score CLI', () => {
  it('prints exactly the CLI JSON, on one line, for an argument', () => {
    const responses = makeResponses({ 1: 3, 2: '9', 30: '.', 79: 2, 174: 0 });
    const { status, stdout, stderr } = runCli([responses]);
    expect(stderr).toBe('');
    expect(status).toBe(0);
    expect(stdout).toBe(`${JSON.stringify(toCliJson(scoreResponses(responses)))}\n`);
    expect(stdout.trimEnd().split('\n')).toHaveLength(1);

    const json = JSON.parse(stdout) as Record<string, Record<string, Record<string, unknown>>>;
    expect(Object.keys(json)).toEqual(['facets', 'domains', 'validity']);
    expect(Object.keys(json.facets ?? {})).toEqual([...FACET_KEYS]);
    expect(Object.keys(json.domains ?? {})).toEqual(['NegAf', 'Detac', 'Antag', 'Disin', 'Psych']);
    for (const facet of Object.values(json.facets ?? {})) {
      expect(Object.keys(facet)).toEqual(['score', 'missing', 'srf', 'irf', 'level']);
    }
    for (const domain of Object.values(json.domains ?? {})) {
      expect(Object.keys(domain)).toEqual(['score', 'srf', 'irf', 'level']);
    }
    expect(Object.keys(json.validity ?? {})).toEqual(['missing', 'INC', 'ORS', 'PRD', 'SDTD']);
    // Hand-checked values. Anhedonia: item 1 = 3, item 30 missing, reverse-keyed 155 answered 0 (keyed 3), the
    // rest 0 → (3 + 3) / 7 answered items. INC: 79 = 2 vs 174 = 0 → 2 (all 40 INC items answered). ORS, PRD and
    // SD-TD all contain item 2, which is missing → not computed.
    expect(json.facets?.Anh).toEqual({
      score: 6 / 7,
      missing: 1,
      srf: (6 / 7 - 0.83) / 0.605,
      irf: (6 / 7 - 0.944) / 0.517,
      level: null,
    });
    expect(json.validity).toEqual({
      missing: 2,
      INC: { score: 2, flag: false },
      ORS: { score: null, flag: false },
      PRD: { score: null, flag: null },
      SDTD: { score: null, flag: null },
    });
  });

  it('reads standard input when no argument is given, ignoring the trailing newline', () => {
    const responses = '3'.repeat(220);
    const { status, stdout } = runCli([], `${responses}\n`);
    expect(status).toBe(0);
    const json = JSON.parse(stdout) as { facets: Record<string, { score: number; level: string | null }> };
    expect(json.facets.Anh).toMatchObject({ score: 2.25, level: 'Moderate' });
    expect(json.facets.Att).toMatchObject({ score: 3, level: 'High' });
  });

  it.each([
    [['0'.repeat(219)], undefined, 'expected 220 characters, got 219'],
    [[makeResponses({ 17: 'x' })], undefined, 'position 17: expected 0-3, 9 or ., got "x"'],
    [[], `${'0'.repeat(221)}\n`, 'expected 220 characters, got 221'],
    [['0'.repeat(220), 'extra'], undefined, 'expected one argument (the 220-character response string), got 2'],
  ])('bad input %# → exit 2 and one line on stderr', (args, input, message) => {
    const { status, stdout, stderr } = runCli(args, input);
    expect(status).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toBe(`${message}\n`);
  });

  it('--form sf scores a 100-character string of the short form', () => {
    const responses = Array.from({ length: 100 }, (_, i) => String(i % 4)).join('');
    const { status, stdout, stderr } = runCli(['--form', 'sf', responses]);
    expect(stderr).toBe('');
    expect(status).toBe(0);
    expect(stdout).toBe(`${JSON.stringify(toShortFormCliJson(scoreResponses(responses, { form: 'SF' })))}\n`);
    const json = JSON.parse(stdout) as Record<string, unknown> & { validity: Record<string, unknown> };
    expect(Object.keys(json)).toEqual(['form', 'facets', 'domains', 'validity']);
    expect(json.form).toBe('SF');
    expect(Object.keys(json.facets as object)).toEqual([...FACET_KEYS]);
    expect(Object.keys(json.validity)).toEqual(['missing', 'INCS']);
  });

  it('--form=bf scores 25 characters from standard input: 5 domains and the total', () => {
    const responses = '1'.repeat(24) + '9';
    const { status, stdout } = runCli(['--form=BF'], `${responses}\n`);
    expect(status).toBe(0);
    expect(stdout).toBe(`${JSON.stringify(toBriefFormCliJson(scoreResponses(responses, { form: 'BF' })))}\n`);
    const json = JSON.parse(stdout) as { form: string; domains: Record<string, unknown>; total: { score: number } };
    expect(json.form).toBe('BF');
    expect(Object.keys(json.domains)).toEqual([...DOMAIN_KEYS]);
    expect(Object.keys(json.total)).toEqual(['score', 'missing', 'srf', 'irf', 'level']);
    expect(json.total).toMatchObject({ score: 1, missing: 1, irf: null });
  });

  it.each([
    [['--form', 'sf', '0'.repeat(220)], 'expected 100 characters, got 220 (the SF form has 100 items)'],
    [['--form', 'bf', '0'.repeat(100)], 'expected 25 characters, got 100 (the BF form has 25 items)'],
    [['--form', 'xx', '0'.repeat(25)], '--form must be full, sf or bf, got "xx"'],
    [['0'.repeat(25), '--form'], '--form must be full, sf or bf, got nothing'],
    [['--form', 'bf', '0'.repeat(25), 'extra'], 'expected one argument (the 25-character response string), got 2'],
  ])('bad form input %# → exit 2 and one line on stderr', (args, message) => {
    const { status, stdout, stderr } = runCli(args);
    expect(status).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toBe(`${message}\n`);
  });
});
