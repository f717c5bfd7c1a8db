// After `vite build`: writes a gzip (.gz) and a Brotli (.br) copy beside every text asset of the build, so the
// server sends them compressed without compressing on each request (@fastify/static `preCompressed`). A phone on a
// slow connection then downloads about a third of the bytes (bench/README.md, page weight).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dir = process.argv[2] ?? 'dist';
const TEXT = /\.(js|mjs|css|html|svg|json|txt|map)$/;

function walk(folder) {
  for (const name of readdirSync(folder)) {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) {
      walk(path);
    } else if (TEXT.test(name) && statSync(path).size >= 1024) {
      const data = readFileSync(path);
      writeFileSync(`${path}.gz`, gzipSync(data, { level: 9 }));
      writeFileSync(
        `${path}.br`,
        brotliCompressSync(data, {
          params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
        }),
      );
    }
  }
}

walk(dir);
