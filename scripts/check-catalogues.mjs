#!/usr/bin/env node
// Checks the message catalogues (packages/i18n/catalogues/<language>/<area>.json; run by `npm run lint`):
//  - every language has every area, with exactly English's keys (a missing or extra translation is named);
//  - every message is valid ICU, and uses the same arguments and tags (`{count}`, `<0>`) as English's;
//  - a key belongs to one area only;
//  - every key is used: it appears as a quoted string in the product's source (apps/, packages/; tests not counted).
// A key used but missing from the catalogue fails the typecheck instead (keys are typed from the English files).
// Usage: node scripts/check-catalogues.mjs   (exit 0: none found; 1: each problem listed)
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';

const ROOT = join(fileURLToPath(import.meta.url), '..', '..');
const CATALOGUES = join(ROOT, 'packages', 'i18n', 'catalogues');
const SOURCE_ROOTS = ['apps', 'packages'];
const SOURCE_FILE = /\.(ts|tsx|mjs)$/;
const NOT_SOURCE = /(\.test\.tsx?$|[\\/](node_modules|dist|test|catalogues)[\\/])/;

/** The argument names and tag numbers of a compiled message, sorted: what every translation must keep. */
export function messageArguments(compiled) {
  const found = new Set();
  // A compiled message is a list of nodes: text, or an argument `[name]` / `[name, type, options]` whose options
  // (plural and select branches) are lists again.
  const walkList = (nodes) => (typeof nodes === 'string' ? walkNode(nodes) : nodes.forEach(walkNode));
  const walkNode = (node) => {
    if (typeof node === 'string') {
      for (const tag of node.matchAll(/<\/?(\d+)\/?>/g)) {
        found.add(`<${tag[1]}>`);
      }
      return;
    }
    found.add(`{${node[0]}}`);
    if (node[2] && typeof node[2] === 'object') {
      Object.values(node[2]).forEach((branch) =>
        Array.isArray(branch) || typeof branch === 'string' ? walkList(branch) : null,
      );
    }
  };
  walkList(compiled);
  return [...found].sort();
}

/** Every problem with a set of catalogues: `{ language: { area: { key: message } } }`, English first. */
export function catalogueProblems(catalogues, usedText) {
  const problems = [];
  const english = catalogues.en ?? {};
  const areaOfKey = new Map();
  for (const [area, messages] of Object.entries(english)) {
    for (const key of Object.keys(messages)) {
      if (areaOfKey.has(key)) {
        problems.push(`${key}: in both ${areaOfKey.get(key)} and ${area}`);
      }
      areaOfKey.set(key, area);
    }
  }
  for (const [language, areas] of Object.entries(catalogues)) {
    for (const area of new Set([...Object.keys(english), ...Object.keys(areas)])) {
      const reference = english[area];
      const messages = areas[area];
      if (!reference) {
        problems.push(`${language}/${area}.json: no English ${area}.json`);
        continue;
      }
      if (!messages) {
        problems.push(`${language}/${area}.json: missing`);
        continue;
      }
      for (const key of Object.keys(reference)) {
        if (!(key in messages)) {
          problems.push(`${language}/${area}.json: ${key} has no translation`);
        }
      }
      for (const [key, message] of Object.entries(messages)) {
        if (!(key in reference)) {
          problems.push(`${language}/${area}.json: ${key} is not in English (a stale key?)`);
          continue;
        }
        let compiled;
        try {
          compiled = compileMessageOrThrow(message);
        } catch (error) {
          problems.push(`${language}/${area}.json: ${key} is not valid ICU (${error.message})`);
          continue;
        }
        const expected = messageArguments(compileMessageOrThrow(reference[key]));
        const actual = messageArguments(compiled);
        if (expected.join() !== actual.join()) {
          problems.push(
            `${language}/${area}.json: ${key} uses ${actual.join(' ') || 'nothing'}, English ${expected.join(' ') || 'nothing'}`,
          );
        }
      }
    }
  }
  for (const key of areaOfKey.keys()) {
    if (!usedText.has(key)) {
      problems.push(`en/${areaOfKey.get(key)}.json: ${key} is not used anywhere in apps/ or packages/`);
    }
  }
  return problems;
}

function readCatalogues() {
  const catalogues = {};
  for (const language of readdirSync(CATALOGUES).sort((a, b) =>
    a === 'en' ? -1 : b === 'en' ? 1 : a.localeCompare(b),
  )) {
    catalogues[language] = {};
    for (const file of readdirSync(join(CATALOGUES, language)).filter((f) => f.endsWith('.json'))) {
      catalogues[language][file.replace(/\.json$/, '')] = JSON.parse(
        readFileSync(join(CATALOGUES, language, file), 'utf8'),
      );
    }
  }
  return catalogues;
}

/** Every quoted string in the product's source files: where a key counts as used. */
function usedStrings() {
  const used = new Set();
  const visit = (dir) => {
    for (const entry of readdirSync(dir)) {
      const path = join(dir, entry);
      if (NOT_SOURCE.test(path + (statSync(path).isDirectory() ? '/' : ''))) {
        continue;
      }
      if (statSync(path).isDirectory()) {
        visit(path);
      } else if (SOURCE_FILE.test(entry)) {
        for (const match of readFileSync(path, 'utf8').matchAll(/['"`]([A-Za-z][\w.-]*)['"`]/g)) {
          used.add(match[1]);
        }
      }
    }
  };
  SOURCE_ROOTS.forEach((root) => visit(join(ROOT, root)));
  return used;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const problems = catalogueProblems(readCatalogues(), usedStrings());
  for (const problem of problems) {
    console.error(`${relative(ROOT, CATALOGUES)}/${problem}`);
  }
  process.exit(problems.length === 0 ? 0 : 1);
}
