import { describe, expect, it } from 'vitest';
import {
  designTitles,
  findDecisionSequenceProblems,
  findDocLinkProblems,
  findSourceReferenceProblems,
  headingAnchors,
} from './check-doc-links.mjs';

// A made-up repository: what exists, and the Markdown files the anchors are read from.
const files = new Map<string, string>([
  ['README.md', '# Title\n\n## Running on PostgreSQL\n'],
  ['docs/product-spec.md', '# Spec\n'],
  ['docs/decisions/README.md', '# Decisions\n'],
  ['docs/decisions/0001-a.md', '# 1. A\n\n## Context\n'],
  ['apps/server/src/app.ts', ''],
]);
const folders = new Set(['docs', 'docs/decisions', 'apps', 'apps/server', 'apps/server/src']);

/** Whether some file of the made-up repository has this name. */
const hasFileNamed = (name: string) =>
  name === 'DESIGN.md' || [...files.keys()].some((path) => path.split('/').pop() === name);

function check(text: string, file = 'docs/guide.md', isIgnored = (_path: string) => false) {
  return findDocLinkProblems(text, {
    file,
    exists: (path: string) => files.has(path) || folders.has(path),
    readText: (path: string) => files.get(path) ?? '',
    topFolders: ['apps', 'docs', 'bench'],
    isIgnored,
    hasFileNamed,
  });
}

describe('check-doc-links', () => {
  it('reports a relative link to a file that does not exist, with its line', () => {
    expect(check('Intro\n\nSee [the design](../DESIGN.md) and [a record](decisions/0001-a.md).\n')).toEqual([
      { line: 3, target: '../DESIGN.md', reason: 'no such file or folder' },
    ]);
  });

  it('passes links that lead somewhere, and skips web addresses and mail links', () => {
    const text =
      '[readme](../README.md) [folder](decisions/) [root](/apps/server/src/app.ts) [web](https://example.org/x) ' +
      '[mail](mailto:a@example.org)';
    expect(check(text)).toEqual([]);
  });

  it('checks anchors against the headings of the target file and of the same file', () => {
    const text =
      '## Local part\n\n[ok](../README.md#running-on-postgresql) [bad](../README.md#running-on-pglite)\n' +
      '[here](#local-part) [missing](#nowhere) [record](decisions/0001-a.md#context)\n';
    expect(check(text).map((p) => p.target)).toEqual(['../README.md#running-on-pglite', '#nowhere']);
  });

  it('reports a backticked repository path that does not exist, and skips globs, elisions and placeholders', () => {
    const text = [
      'Built in `apps/server/src/app.ts:12` and `apps/server/src/gone.ts`.',
      'Skipped: `apps/**/*.test.ts`, `apps/server/…/x.ts`, `apps/db/NNNN_x.sql`, `npm run bench`, `lib/x.ts`.',
    ].join('\n');
    expect(check(text)).toEqual([{ line: 1, target: 'apps/server/src/gone.ts', reason: 'no such file or folder' }]);
  });

  it('skips paths git ignores and everything inside fenced code blocks', () => {
    const text = 'Written to `bench/results/latest.json`.\n\n```\n[x](missing.md) `apps/nowhere.ts`\n```\n';
    expect(check(text, 'docs/guide.md', (path) => path.startsWith('bench/results'))).toEqual([]);
    expect(check(text)).toEqual([{ line: 1, target: 'bench/results/latest.json', reason: 'no such file or folder' }]);
  });

  it('refuses section numbers, except the fixed numbering of an RFC or the product spec', () => {
    const text = [
      'Read [the readme](../README.md) §2 first, and the notes (§3d).',
      'Form-encoded (RFC 6749 §4.4), as [the spec](product-spec.md) §2 and docs/product-spec.md §5 say.',
    ].join('\n');
    expect(check(text)).toEqual([
      { line: 1, target: '§2', reason: 'cite a section by its title: numbers move' },
      { line: 1, target: '§3', reason: 'cite a section by its title: numbers move' },
    ]);
  });

  it('reports a file named without its folder that exists nowhere, and passes names listed as outside the tree', () => {
    const text = 'As STYLE.md says, app.ts holds it; main.js is built and error-context.md written by Playwright.';
    expect(check(text)).toEqual([{ line: 1, target: 'STYLE.md', reason: 'no file of that name in the repository' }]);
  });

  it('makes GitHub anchors from headings, numbering repeated ones', () => {
    expect([...headingAnchors('# The `million` part: 1,000,000 tests\n## Notes\n## Notes\n')]).toEqual([
      'the-million-part-1000000-tests',
      'notes',
      'notes-1',
    ]);
  });

  it('refuses a gap or a repeated number in the decision records, and a record the index does not list', () => {
    const files = ['README.md', '0001-a.md', '0002-b.md', '0002-c.md', '0004-d.md'];
    const index = '- [0001](0001-a.md)\n- [0002](0002-b.md)\n- [0004](0004-d.md)\n';
    expect(findDecisionSequenceProblems(files, index).map((p) => [p.target, p.reason])).toEqual([
      ['0002', 'two decision records with this number'],
      ['0003', 'no decision record with this number: the sequence has a gap'],
      ['0002-c.md', 'not listed in docs/decisions/README.md'],
    ]);
    expect(findDecisionSequenceProblems(['0001-a.md'], '[0001](0001-a.md)')).toEqual([]);
  });

  describe('in source files', () => {
    const titles = designTitles('# Design\n\n## 5. Assessment lifecycle\n\n- **Validity verdict** (x): y\n## 7. API\n');
    const checkSource = (text: string) =>
      findSourceReferenceProblems(text, {
        exists: (path: string) => files.has(path) || folders.has(path),
        topFolders: ['apps', 'docs', 'bench'],
        titles,
        hasFileNamed,
      });

    it('reads DESIGN.md titles from headings without their numbers and from bold lead-ins', () => {
      expect([...titles]).toEqual(['Design', 'Assessment lifecycle', 'Validity verdict', 'API']);
    });

    it('refuses history and section numbers, and a cited title DESIGN.md does not have', () => {
      const text = [
        '// Extension (issue 16): opens 7 days before.',
        '/** A second try (session 9). */',
        '// See DESIGN.md §4.',
        '// See DESIGN.md "Assessment lifecycle" and "Validity verdict"; DESIGN.md "Patients".',
      ].join('\n');
      expect(checkSource(text)).toEqual([
        { line: 1, target: 'issue 16', reason: 'say why, not which issue or session' },
        { line: 2, target: 'session 9', reason: 'say why, not which issue or session' },
        { line: 3, target: 'DESIGN.md §4', reason: 'cite DESIGN.md by a section title' },
        { line: 4, target: 'DESIGN.md "Patients"', reason: 'no such section in DESIGN.md' },
      ]);
    });

    it('reports a file named in a comment that exists nowhere, and reads no code outside comments', () => {
      const text = [
        '/** The composition root (STYLE.md): see app.ts. */',
        "const worker = 'pdf-worker-new.js'; // written next to README.md by the build (gone.ts)",
        " * and patient.repo.ts's save",
        '-- SQL comment naming old.sql',
      ].join('\n');
      expect(checkSource(text).map((p) => [p.line, p.target])).toEqual([
        [1, 'STYLE.md'],
        [2, 'gone.ts'],
        [3, 'patient.repo.ts'],
        [4, 'old.sql'],
      ]);
    });

    it('reports a repository path that does not exist, and skips placeholders, packages and URLs', () => {
      const text = [
        '// Built in apps/server/src/app.ts and apps/server/src/gone.ts, see docs/decisions/.',
        "import x from '@pid5/apps/thing'; // https://example.org/apps/x and docs/decisions/NNNN-title.md",
      ].join('\n');
      expect(checkSource(text)).toEqual([
        { line: 1, target: 'apps/server/src/gone.ts', reason: 'no such file or folder' },
      ]);
    });
  });
});
