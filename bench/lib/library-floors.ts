import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import PDFDocument from 'pdfkit';

// The limits the benchmarks compare the product with in the same run (bench/README.md): what the libraries and the
// database do for the same work with nothing of ours around it.

/**
 * pdfkit's floor for a report: a document of `pages` empty A4 pages with the report's page options, written to
 * bytes. The report's time minus this is what drawing its content costs.
 */
export function renderEmptyPdf(pages: number): Promise<Uint8Array> {
  const doc = new PDFDocument({ size: 'A4', margin: 50, bufferPages: true, lang: 'en' });
  for (let i = 1; i < pages; i++) {
    doc.addPage();
  }
  const chunks: Buffer[] = [];
  return new Promise<Uint8Array>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    doc.on('error', reject);
    doc.end();
  });
}

/**
 * PGlite's own `COPY (select) TO ... WITH CSV` on a data folder no server holds (PGlite is single-process): opens it
 * as the server's worker does (with pg_trgm), copies, and reports the time of the COPY alone and the CSV's size.
 */
export async function timePgliteCopy(dataDir: string, select: string): Promise<{ ms: number; bytes: number }> {
  const client = new PGlite(dataDir, { extensions: { pg_trgm } });
  try {
    await client.query('select 1');
    const started = performance.now();
    const result = await client.query(`COPY (${select}) TO '/dev/blob' WITH (FORMAT csv)`);
    const ms = performance.now() - started;
    return { ms, bytes: result.blob?.size ?? 0 };
  } finally {
    await client.close();
  }
}
