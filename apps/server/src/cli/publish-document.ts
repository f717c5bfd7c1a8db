// Operator command: `npm run documents:publish -- terms|consent <file.html>` publishes a new version
// of the terms (shown when a clinician creates a test) or the patient consent. The HTML is
// sanitised when stored; each test records the version it showed.
import { readFileSync } from 'node:fs';
import { loadConfigOrExit } from '../config';
import { openDatabase } from '../db/database';
import { publishDocument } from '../modules/documents/documents.repo';

const [kind, file] = process.argv.slice(2);
if ((kind !== 'terms' && kind !== 'consent') || !file) {
  console.error('Usage: npm run documents:publish -- terms|consent <file.html>');
  process.exit(2);
}
let html: string;
try {
  html = readFileSync(file, 'utf8');
} catch (error) {
  console.error(`Cannot read ${file}: ${(error as Error).message}`);
  process.exit(2);
}
const config = loadConfigOrExit();
const database = await openDatabase(
  config.database.kind === 'postgres'
    ? { kind: 'postgres', url: config.database.url }
    : { kind: 'pglite', dataDir: config.database.dataDir },
);
await database.migrate();
const published = await publishDocument(database.db, { kind, html });
await database.close();
console.log(
  `Published ${kind} version ${published.version} (${published.bodyHtml.length} characters after sanitising).`,
);
