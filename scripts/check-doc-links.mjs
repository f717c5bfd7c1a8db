#!/usr/bin/env node
// Checks the repository's Markdown files for references that lead nowhere (run by `npm run lint`):
//  - a relative link `[text](path)` or `[text](path#anchor)` whose file or folder does not exist, or whose anchor
//    names no heading of the target Markdown file (`[text](#anchor)`: of the same file);
//  - a backticked repository path (`apps/server/src/app.ts`, `bench/parts/pdf.ts:12`) that does not exist: a code
//    span without spaces that starts with one of the repository's top-level folders and a `/`. Globs (`*`), elided
//    paths (`…`) and placeholders (`NNNN`, `<name>`, `{id}`) are skipped, and so are paths git ignores (output a
//    tool writes, such as bench/results/latest.json).
// Fenced code blocks are not read: trees and shell lines there are illustrations, not references.
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

function splitAnchor(target) {
  const hash = target.indexOf('#');
  return hash === -1 ? [target, undefined] : [target.slice(0, hash), target.slice(hash + 1)];
}

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
  if (count > 0) {
    console.error(`${count} reference(s) in Markdown files lead nowhere`);
    process.exit(1);
  }
  console.log(`${markdown.length} Markdown files: every link and repository path leads somewhere`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main();
}
