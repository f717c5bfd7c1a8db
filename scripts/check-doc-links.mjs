#!/usr/bin/env node
// Checks the repository's Markdown files for references that lead nowhere (run by `npm run lint`):
//  - a relative link `[text](path)` or `[text](path#anchor)` whose file or folder does not exist, or whose anchor
//    names no heading of the target Markdown file (`[text](#anchor)`: of the same file);
//  - a backticked repository path (`apps/server/src/app.ts`, `bench/parts/pdf.ts:12`) that does not exist: a code
//    span without spaces that starts with one of the repository's top-level folders and a `/`. Globs (`*`), elided
//    paths (`…`) and placeholders (`NNNN`, `<name>`, `{id}`) are skipped, and so are paths git ignores (output a
//    tool writes, such as bench/results/latest.json).
//  - a section number (`§4`): numbers move when a section is added, so a section is cited by its title; only the
//    fixed numbering of an outside document (an RFC, the frozen product spec) may be cited by number;
//  - a file named without its folder (`STYLE.md`, `patient.repo.ts`) that exists nowhere in the repository, unless
//    it is one of the names listed in OUTSIDE_THE_TREE (build output, files of cited outside sources);
//  - decision records that skip or repeat a number, or are missing from docs/decisions/README.md.
// Fenced code blocks are not read: trees and shell lines there are illustrations, not references.
// And the repository's source files (code, SQL, CSS, HTML), for what their comments cite:
//  - DESIGN.md by a section's title (`DESIGN.md "Assessment lifecycle"`): a heading or a bold lead-in of DESIGN.md;
//    a section number (`DESIGN.md §4`) is refused, since numbers move when a section is added;
//  - a repository path (`apps/…`, `docs/…`) that does not exist;
//  - an issue or session number: a comment says why, and commit messages and docs/decisions/ carry the history;
//  - in comments, a file named without its folder that exists nowhere in the repository (as in Markdown).
// Usage: node scripts/check-doc-links.mjs   (exit 0: none found; 1: each problem listed as file:line)
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The lines of a Markdown text outside fenced code blocks, with their 1-based numbers. */
export function proseLines(text) {
  const lines = [];
  let fence = null;
  text.split('\n').forEach((line, index) => {
    const opening = /^\s*(```+|~~~+)/.exec(line);
    if (fence !== null) {
      if (opening && opening[1][0] === fence[0] && opening[1].length >= fence.length) {
        fence = null;
      }
      return;
    }
    if (opening) {
      fence = opening[1];
      return;
    }
    lines.push({ number: index + 1, text: line });
  });
  return lines;
}

/** GitHub's anchors for the headings of a Markdown text (lower case, punctuation dropped, spaces as dashes). */
export function headingAnchors(text) {
  const anchors = new Set();
  const seen = new Map();
  for (const { text: line } of proseLines(text)) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) {
      continue;
    }
    const base = heading[1]
      .replace(/`/g, '')
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

const LINK = /\[(?:[^\][]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g;
const CODE_SPAN = /(`+)([^`]+?)\1/g;
const PLACEHOLDER = /[*…<>{}$]|NNNN/;

/**
 * File names that are cited without existing in the repository, each for a reason: files the build, a test tool or
 * an operator writes, files of the outside sources the data notes cite, and the words and placeholders that only
 * look like file names.
 */
export const OUTSIDE_THE_TREE = new Set([
  // written by the production build (scripts/build-server.mjs) or the web build
  'main.js',
  'pdf-worker.js',
  'pglite-worker.js',
  'user-role.js',
  'publish-document.js',
  'rotate-app-secret.js',
  'index-4f3a2b1c.js',
  // a language folder's own data files (packages/i18n/README.md "Adding a language"); English and German ship theirs
  // under other names
  'validity-interpretation.json',
  'terms.html',
  'consent.html',
  // written by Playwright next to a failed test's screenshot
  'error-context.md',
  // files of the outside repositories the data notes and research notes cite
  'SOURCES.md',
  'LICENSE.md',
  'markon2024.md',
  'apa2013pid5child.md',
  'pid5.md',
  'codes.json',
  'wixClient.js',
  'rest-modules.js',
  'common.js',
  'pkce-challenge.js',
  'OAuthStrategy.js',
  'ApiKeyAuthStrategy.js',
  // not files: a runtime's name, and placeholders in examples
  'Node.js',
  'x.tsx',
  'x.test.tsx',
  'file.html',
]);

const FILE_NAME = /(?<![\w./@:<{$-])[A-Za-z0-9_][\w.-]*\.(?:md|ts|tsx|mjs|cjs|js|json|sql|css|html|ya?ml)(?![\w/-])/g;
/** `§4`, `§ 4`, `§3d`: allowed only after an outside document's name, whose numbering does not move. */
const SECTION_NUMBER = /§\s?\d/g;
const FIXED_NUMBERING = /(?:RFC \d+|product-spec\.md\)?|\bthe spec\b\)?|\bspec)\s*$/;

/**
 * The file names in `text` (a line of prose or of a comment) that exist nowhere in the repository:
 * `hasFileNamed(name)` says whether some tracked file has that name.
 */
export function unknownFileNames(text, hasFileNamed) {
  const unknown = [];
  for (const match of text.matchAll(FILE_NAME)) {
    const name = match[0];
    if (!hasFileNamed(name) && !OUTSIDE_THE_TREE.has(name)) {
      unknown.push(name);
    }
  }
  return unknown;
}

/** The section numbers of a Markdown line that do not follow an outside document's name. */
function movableSectionNumbers(line) {
  const found = [];
  for (const match of line.matchAll(SECTION_NUMBER)) {
    if (!FIXED_NUMBERING.test(line.slice(0, match.index))) {
      found.push(match[0]);
    }
  }
  return found;
}

/**
 * The problems of one Markdown file. `file` is its path from the repository's root; `exists(path)` says whether a
 * repository path exists; `readText(path)` returns a Markdown file's text (for anchors); `topFolders` are the
 * repository's top-level folders; `isIgnored(path)` says whether git ignores a path; `hasFileNamed(name)` whether a
 * tracked file has that name (any folder).
 * Returns `{ line, target, reason }` for each.
 * @param {string} text
 * @param {{ file: string, exists: (path: string) => boolean, readText: (path: string) => string,
 *   topFolders: readonly string[], isIgnored?: (path: string) => boolean,
 *   hasFileNamed?: (name: string) => boolean }} options
 * @returns {{ line: number, target: string, reason: string }[]}
 */
export function findDocLinkProblems(
  text,
  { file, exists, readText, topFolders, isIgnored = () => false, hasFileNamed = () => true },
) {
  const problems = [];
  const anchorsOf = (path) => headingAnchors(path === file ? text : readText(path));
  for (const { number, text: line } of proseLines(text)) {
    for (const section of movableSectionNumbers(line)) {
      problems.push({ line: number, target: section, reason: 'cite a section by its title: numbers move' });
    }
    for (const name of unknownFileNames(line, hasFileNamed)) {
      problems.push({ line: number, target: name, reason: 'no file of that name in the repository' });
    }
    const withoutCode = line.replace(CODE_SPAN, (span) => ' '.repeat(span.length));
    for (const match of withoutCode.matchAll(LINK)) {
      const target = match[1];
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) {
        continue;
      }
      const [pathPart, anchor] = splitAnchor(target);
      let path = file;
      if (pathPart !== '') {
        path = pathPart.startsWith('/')
          ? normalize(pathPart.slice(1))
          : normalize(join(dirname(file), decodeURIComponent(pathPart)));
        if (path.startsWith('..') || !exists(path.replace(/\/$/, ''))) {
          problems.push({ line: number, target, reason: 'no such file or folder' });
          continue;
        }
      }
      if (anchor !== undefined && anchor !== '' && path.endsWith('.md')) {
        if (!anchorsOf(path).has(decodeURIComponent(anchor).toLowerCase())) {
          problems.push({ line: number, target, reason: `no heading #${anchor} in ${path}` });
        }
      }
    }
    for (const match of line.matchAll(CODE_SPAN)) {
      const span = match[2].trim();
      if (/\s/.test(span) || PLACEHOLDER.test(span) || !topFolders.some((folder) => span.startsWith(`${folder}/`))) {
        continue;
      }
      const path = span.replace(/:\d+(-\d+)?$/, '').replace(/\/$/, '');
      if (!exists(path) && !isIgnored(path)) {
        problems.push({ line: number, target: span, reason: 'no such file or folder' });
      }
    }
  }
  return problems;
}

/** DESIGN.md's section titles as code cites them: headings without their numbers, and bold lead-ins (`- **Levels**`). */
export function designTitles(text) {
  const titles = new Set();
  for (const { text: line } of proseLines(text)) {
    const heading = /^#{1,6}\s+(?:\d+\.\s+)?(.*?)\s*$/.exec(line);
    if (heading) {
      titles.add(heading[1]);
    }
    const lead = /^\s*(?:[-*]\s+)?\*\*([^*]+)\*\*/.exec(line);
    if (lead) {
      titles.add(lead[1].replace(/[.:]$/, ''));
    }
  }
  return titles;
}

const HISTORY = /\b(?:[Ii]ssues?|[Ss]essions?) #?\d+/g;
const DESIGN_NUMBER = /DESIGN\.md §\d/g;
/** `DESIGN.md "A"`, `DESIGN.md "A" and "B"`, `DESIGN.md "A", "B"`. */
const DESIGN_TITLES = /DESIGN\.md ("[^"\n]+"(?:(?:,| and) "[^"\n]+")*)/g;

/**
 * The problems of one source file (see the top of this file). `titles` are DESIGN.md's (designTitles).
 * @param {string} text
 * @param {{ exists: (path: string) => boolean, topFolders: readonly string[], titles: ReadonlySet<string>,
 *   isIgnored?: (path: string) => boolean, hasFileNamed?: (name: string) => boolean }} options
 * @returns {{ line: number, target: string, reason: string }[]}
 */
export function findSourceReferenceProblems(
  text,
  { exists, topFolders, titles, isIgnored = () => false, hasFileNamed = () => true },
) {
  const problems = [];
  const pathPattern = new RegExp(`(?<![\\w./@-])(?:${topFolders.map(escapeRegExp).join('|')})/[\\w./-]*[\\w/]`, 'g');
  text.split('\n').forEach((line, index) => {
    const number = index + 1;
    for (const match of line.matchAll(HISTORY)) {
      problems.push({ line: number, target: match[0], reason: 'say why, not which issue or session' });
    }
    const comment = commentOf(line);
    if (comment !== null) {
      for (const name of unknownFileNames(comment, hasFileNamed)) {
        problems.push({ line: number, target: name, reason: 'no file of that name in the repository' });
      }
    }
    for (const match of line.matchAll(DESIGN_NUMBER)) {
      problems.push({ line: number, target: match[0], reason: 'cite DESIGN.md by a section title' });
    }
    for (const match of line.matchAll(DESIGN_TITLES)) {
      for (const title of match[1].matchAll(/"([^"]+)"/g)) {
        if (!titles.has(title[1])) {
          problems.push({ line: number, target: `DESIGN.md "${title[1]}"`, reason: 'no such section in DESIGN.md' });
        }
      }
    }
    for (const match of line.matchAll(pathPattern)) {
      const path = match[0].replace(/\.$/, '').replace(/\/$/, '');
      if (PLACEHOLDER.test(match[0]) || PLACEHOLDER.test(line.charAt(match.index + match[0].length))) {
        continue;
      }
      if (!exists(path) && !isIgnored(path)) {
        problems.push({ line: number, target: path, reason: 'no such file or folder' });
      }
    }
  });
  return problems;
}

/** The comment part of a line of code (`//`, a block comment's line, SQL's `--`), or null when it has none. */
function commentOf(line) {
  if (/^\s*(?:\*|\/\*|--|<!--)/.test(line)) {
    return line;
  }
  const slashes = /(?<![:\w'"`])\/\/(.*)$/.exec(line);
  return slashes ? slashes[1] : null;
}

/**
 * The problems of the decision records as a whole: numbered from 0001 without a gap or a number used twice, and each
 * listed in the index. `files` are the names in docs/decisions/, `index` the index's text.
 * @param {readonly string[]} files
 * @param {string} index
 * @returns {{ line: number, target: string, reason: string }[]}
 */
export function findDecisionSequenceProblems(files, index) {
  const problems = [];
  const records = files.filter((name) => /^\d{4}-.+\.md$/.test(name)).sort();
  const numbers = records.map((name) => Number(name.slice(0, 4)));
  const highest = Math.max(0, ...numbers);
  for (let n = 1; n <= highest; n++) {
    const count = numbers.filter((number) => number === n).length;
    const target = String(n).padStart(4, '0');
    if (count === 0) {
      problems.push({ line: 0, target, reason: 'no decision record with this number: the sequence has a gap' });
    } else if (count > 1) {
      problems.push({ line: 0, target, reason: 'two decision records with this number' });
    }
  }
  for (const name of records) {
    if (!index.includes(`](${name})`)) {
      problems.push({ line: 0, target: name, reason: 'not listed in docs/decisions/README.md' });
    }
  }
  return problems;
}

function escapeRegExp(text) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function splitAnchor(target) {
  const hash = target.indexOf('#');
  return hash === -1 ? [target, undefined] : [target.slice(0, hash), target.slice(hash + 1)];
}

/** This checker and its test name the patterns they refuse. */
const SELF = ['scripts/check-doc-links.mjs', 'scripts/check-doc-links.test.ts'];

function main() {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  const git = (args, input) => execFileSync('git', args, { cwd: root, encoding: 'utf8', input });
  const tracked = git(['ls-files']).split('\n').filter(Boolean);
  const topFolders = [...new Set(tracked.filter((p) => p.includes('/')).map((p) => p.split('/')[0]))];
  const markdown = tracked.filter((p) => p.endsWith('.md') && !p.split('/').includes('node_modules'));
  const exists = (path) => existsSync(join(root, path));
  // A path that does not exist may be a file or a folder: `dist/` matches only the latter.
  const isIgnored = (path) =>
    [path, `${path}/`].some((candidate) => {
      try {
        git(['check-ignore', '-q', '--no-index', candidate]);
        return true;
      } catch {
        return false;
      }
    });
  const readText = (path) => readFileSync(join(root, path), 'utf8');
  const names = new Set(tracked.map((p) => p.split('/').pop()));
  const hasFileNamed = (name) => names.has(name);
  let count = 0;
  for (const file of markdown) {
    const problems = findDocLinkProblems(readText(file), {
      file,
      exists,
      readText,
      topFolders,
      isIgnored,
      hasFileNamed,
    });
    for (const { line, target, reason } of problems) {
      console.error(`${file}:${line}: ${target} (${reason})`);
      count++;
    }
  }
  const decisions = tracked
    .filter((p) => p.startsWith('docs/decisions/'))
    .map((p) => p.slice('docs/decisions/'.length));
  for (const { target, reason } of findDecisionSequenceProblems(decisions, readText('docs/decisions/README.md'))) {
    console.error(`docs/decisions/${target}: ${reason}`);
    count++;
  }
  const titles = designTitles(readText('DESIGN.md'));
  const sources = tracked.filter(
    (p) => /\.(ts|tsx|mjs|cjs|js|sql|css|html)$/.test(p) && !p.split('/').includes('node_modules') && !SELF.includes(p),
  );
  for (const file of sources) {
    for (const { line, target, reason } of findSourceReferenceProblems(readText(file), {
      exists,
      topFolders,
      titles,
      isIgnored,
      hasFileNamed,
    })) {
      console.error(`${file}:${line}: ${target} (${reason})`);
      count++;
    }
  }
  if (count > 0) {
    console.error(`${count} reference(s) lead nowhere or cite history`);
    process.exit(1);
  }
  console.log(
    `${markdown.length} Markdown files and ${sources.length} source files: every link, path and DESIGN.md section ` +
      'cited leads somewhere',
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main();
}
