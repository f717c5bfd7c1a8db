import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The web app imports this package in the browser: no Node-only APIs outside cli.ts (and the tests).

const srcDir = fileURLToPath(new URL('./', import.meta.url));
const sources = readdirSync(srcDir).filter(
  (name) => name.endsWith('.ts') && !name.endsWith('.test.ts') && name !== 'cli.ts',
);

describe('browser safety', () => {
  it('finds the package sources', () => {
    expect(sources).toContain('index.ts');
    expect(sources).toContain('score-responses.ts');
  });

  it.each(sources)('%s uses no Node-only APIs', (name) => {
    const text = readFileSync(`${srcDir}${name}`, 'utf8');
    expect(text).not.toMatch(/from 'node:|require\(|\bprocess\.|\bBuffer\b|__dirname|import\.meta\.url/);
  });
});
