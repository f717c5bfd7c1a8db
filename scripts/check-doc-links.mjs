#!/usr/bin/env node
// Checks the repository's Markdown files for references that lead nowhere (run by `npm run lint`):
//  - a relative link `[text](path)` or `[text](path#anchor)` whose file or folder does not exist, or whose anchor
//    names no heading of the target Markdown file (`[text](#anchor)`: of the same file);
//  - a backticked repository path (`apps/server/src/app.ts`, `bench/parts/pdf.ts:12`) that does not exist: a code
//    span without spaces that starts with one of the repository's top-level folders and a `/`. Globs (`*`), elided
//    paths (`…`) and placeholders (`NNNN`, `<name>`, `{id}`) are skipped, and so are paths git ignores (output a
//    tool writes, such as bench/results/latest.json).
// Fenced code blocks are not read: trees and shell lines there are illustrations, not references.
// And the repository's source files (code, SQL, CSS, HTML), for what their comments cite:
//  - DESIGN.md by a section's title (`DESIGN.md "Assessment lifecycle"`): a heading or a bold lead-in of DESIGN.md;
//    a section number (`DESIGN.md §4`) is refused, since numbers move when a section is added;
//  - a repository path (`apps/…`, `docs/…`) that does not exist;
//  - an issue or session number: a comment says why, and commit messages and docs/decisions/ carry the history.
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
 * The problems of one Markdown file. `file` is its path from the repository's root; `exists(path)` says whether a
 * repository path exists; `readText(path)` returns a Markdown file's text (for anchors); `topFolders` are the
 * repository's top-level folders; `isIgnored(path)` says whether git ignores a path.
 * Returns `{ line, target, reason }` for each.
 * @param {string} text
 * @param {{ file: string, exists: (path: string) => boolean, readText: (path: string) => string,
 *   topFolders: readonly string[], isIgnored?: (path: string) => boolean }} options
 * @returns {{ line: number, target: string, reason: string }[]}
 */
export function findDocLinkProblems(text, { file, exists, readText, topFolders, isIgnored = () => false }) {
  const problems = [];
  const anchorsOf = (path) => headingAnchors(path === file ? text : readText(path));
  for (const { number, text: line } of proseLines(text)) {
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
 *   isIgnored?: (path: string) => boolean }} options
 * @returns {{ line: number, target: string, reason: string }[]}
 */
export function findSourceReferenceProblems(text, { exists, topFolders, titles, isIgnored = () => false }) {
  const problems = [];
  const pathPattern = new RegExp(`(?<![\\w./@-])(?:${topFolders.map(escapeRegExp).join('|')})/[\\w./-]*[\\w/]`, 'g');
  text.split('\n').forEach((line, index) => {
    const number = index + 1;
    for (const match of line.matchAll(HISTORY)) {
      problems.push({ line: number, target: match[0], reason: 'say why, not which issue or session' });
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
  let count = 0;
  for (const file of markdown) {
    const problems = findDocLinkProblems(readText(file), { file, exists, readText, topFolders, isIgnored });
    for (const { line, target, reason } of problems) {
      console.error(`${file}:${line}: ${target} (${reason})`);
      count++;
    }
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
