import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

const { LAYERS } = createRequire(import.meta.url)('./server-layers.cjs') as {
  LAYERS: Record<string, { folders: string[]; files: string[] }>;
};

describe("the server's layers", () => {
  it('place every folder and every source file directly under apps/server/src in exactly one layer', () => {
    const entries = readdirSync('apps/server/src', { withFileTypes: true }).filter(
      (entry) => entry.isDirectory() || /^[^.]+\.ts$/.test(entry.name),
    );
    const layersOf = (name: string, isFolder: boolean) =>
      Object.entries(LAYERS)
        .filter(([, layer]) => (isFolder ? layer.folders : layer.files).includes(name))
        .map(([layer]) => layer);
    const misplaced = entries
      .map((entry) => ({ name: entry.name, layers: layersOf(entry.name, entry.isDirectory()) }))
      .filter(({ layers }) => layers.length !== 1);
    expect(misplaced).toEqual([]);
  });
});
