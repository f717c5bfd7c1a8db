import { readdirSync, readFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// ARCHITECTURE.md's tree is the map a newcomer reads first: every folder of the server's and the packages' sources
// is named in it (as `name/`), so a folder added without a line there fails here, as the route table's test does.

const ROOT = fileURLToPath(new URL('..', import.meta.url));

function foldersUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) => [join(dir, entry.name), ...foldersUnder(join(dir, entry.name))]);
}

function sourceRoots(): string[] {
  const packages = readdirSync(join(ROOT, 'packages'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => join(ROOT, 'packages', entry.name, 'src'));
  return [join(ROOT, 'apps/server/src'), ...packages];
}

describe("ARCHITECTURE.md's tree", () => {
  it('names every folder under apps/server/src and packages/*/src', () => {
    const tree = readFileSync(join(ROOT, 'ARCHITECTURE.md'), 'utf8').split('```')[1] ?? '';
    const unnamed = sourceRoots()
      .flatMap((root) => foldersUnder(root))
      .filter((folder) => !tree.includes(`${basename(folder)}/`))
      .map((folder) => relative(ROOT, folder));
    expect(unnamed).toEqual([]);
  });
});
