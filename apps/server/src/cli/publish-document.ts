// Operator command: `npm run documents:publish -- terms|consent <file.html> [en|de]` publishes a new version
// of the terms (shown when a clinician creates a test) or the patient consent, in one language (English unless
// named; DESIGN.md "Languages"). The HTML is sanitised when stored; each test records the version it showed.
import { readFileSync } from 'node:fs';
import { LANGUAGES, isLanguage } from '@pid5/i18n';
import { publishDocument } from '../modules/documents/documents.repo';
import { withDatabase } from './cli-database';
import { operatorArguments } from './operator-arguments';

const [kind, file, language = 'en'] = operatorArguments();
if ((kind !== 'terms' && kind !== 'consent') || !file || !isLanguage(language)) {
  console.error(`Usage: npm run documents:publish -- terms|consent <file.html> [${LANGUAGES.join('|')}]`);
  process.exit(2);
}
let html: string;
try {
  html = readFileSync(file, 'utf8');
} catch (error) {
  console.error(`Cannot read ${file}: ${(error as Error).message}`);
  process.exit(2);
}
const published = await withDatabase((db) => publishDocument(db, { kind, html, language }));
console.log(
  `Published ${kind} (${language}) version ${published.version} (${published.bodyHtml.length} characters after sanitising).`,
);
