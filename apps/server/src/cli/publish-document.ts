// Operator command: `npm run documents:publish -- terms|consent <file.html>` publishes a new version
// of the terms (shown when a clinician creates a test) or the patient consent. The HTML is
// sanitised when stored; each test records the version it showed.
import { readFileSync } from 'node:fs';
import { publishDocument } from '../modules/documents/documents.repo';
import { withDatabase } from './cli-database';

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
const published = await withDatabase((db) => publishDocument(db, { kind, html }));
console.log(
  `Published ${kind} version ${published.version} (${published.bodyHtml.length} characters after sanitising).`,
);
