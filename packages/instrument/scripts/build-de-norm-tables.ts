// Writes the German norm tables (src/data/pid5-de-norm-tables-<version>.json) from the platform's four CSV files,
// and checks the conversion: the JSON written back as CSV (formatDeNormCsv) is the source file byte for byte, and
// the source file has the sha256 recorded below (src/data/pid5-de-norm-tables.NOTES.md).
//
//   npx tsx packages/instrument/scripts/build-de-norm-tables.ts <folder with bf.csv, bfplus_m.csv, full.csv, sf.csv>
//   npx tsx packages/instrument/scripts/build-de-norm-tables.ts --check <folder>   (compare with the committed JSON)
//
// The CSV files are assets/norms_<version>.csv of https://github.com/jzpsych/pid5-norms-platform at the commit below
// (CC BY 4.0; attribution in the NOTES file).

import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type DeNormVersion,
  DE_NORM_VERSIONS,
  formatDeNormCsv,
  parseDeNormCsv,
  serialiseDeNormTableFile,
} from '../src/de-norm-tables-file';

const COMMIT = 'ab2db9611270a46458b45d0580a2accd925bd9c7';

/** The published files' sha256 (NOTES.md of the copy the project took, compared again on every run). */
const SHA256: Readonly<Record<DeNormVersion, string>> = {
  full: '38fc1884e7d2ab85de6b0179d25de31d3be610908eb6f3594b8a2b5b84808a70',
  sf: '4eeca0076a6a1bb2176ec3256f87b92fc0591a0df49dc0b2ba625a5e3724f413',
  bf: '79eb6bc4e8b2b9c1c0967b9369c5f6d881439a576d2ae05894f69fb5ec4051e6',
  bfplus_m: 'e1a63e893c8c2798db81da579d4250d2d2d1c55be5a47c22f0ed88a799ab41f6',
};

const dataDir = fileURLToPath(new URL('../src/data/', import.meta.url));

function main(args: readonly string[]): number {
  const check = args.includes('--check');
  const folder = args.find((arg) => arg !== '--check');
  if (folder === undefined) {
    process.stderr.write('usage: build-de-norm-tables.ts [--check] <folder with the four CSV files>\n');
    return 2;
  }
  let failures = 0;
  for (const version of DE_NORM_VERSIONS) {
    const text = readFileSync(join(folder, `${version}.csv`), 'utf8');
    const sha256 = createHash('sha256').update(text, 'utf8').digest('hex');
    if (sha256 !== SHA256[version]) {
      process.stderr.write(`${version}.csv: sha256 ${sha256} is not the published file's ${SHA256[version]}\n`);
      failures++;
      continue;
    }
    const file = parseDeNormCsv(text, {
      repository: 'jzpsych/pid5-norms-platform',
      path: `assets/norms_${version}.csv`,
      commit: COMMIT,
      sha256,
      characters: text.length,
      dataRows: text.split('\n').length - 2,
      licence: 'CC BY 4.0',
    });
    if (formatDeNormCsv(file) !== text) {
      process.stderr.write(`${version}.csv: the JSON does not give the file back byte for byte\n`);
      failures++;
      continue;
    }
    const json = serialiseDeNormTableFile(file);
    if (JSON.stringify(JSON.parse(json)) !== JSON.stringify(file)) {
      process.stderr.write(`${version}: the JSON text does not parse back to the table\n`);
      failures++;
      continue;
    }
    const target = join(dataDir, `pid5-de-norm-tables-${version.replace('_', '-')}.json`);
    if (check) {
      const committed = readFileSync(target, 'utf8');
      if (committed !== json) {
        process.stderr.write(`${target} differs from the JSON made from ${version}.csv\n`);
        failures++;
      }
    } else {
      writeFileSync(target, json);
    }
    process.stdout.write(
      `${version}: ${file.scales.length} scales, ${file.source.dataRows} rows, ${file.textExceptions.length} cells kept as published text${check ? ', same as committed' : ''}\n`,
    );
  }
  return failures === 0 ? 0 : 1;
}

process.exitCode = main(process.argv.slice(2));
