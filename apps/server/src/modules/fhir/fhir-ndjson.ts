import { Readable } from 'node:stream';
import { setImmediate } from 'node:timers/promises';
import type { BundleEntry } from './fhir-types';

// The FHIR export of many tests as NDJSON (application/fhir+ndjson, DESIGN.md "FHIR"; decision 0058): one
// resource a line, as the FHIR Bulk Data files are, streamed the way the CSV is (keyset batches read ahead one at a
// time, a slice encoded between turns of the event loop, the next slice only when the client has taken this one).

/**
 * Tests read per database batch. A whole row's stored scores are about 20 KB of JSON and several times that once
 * parsed, and two batches are held (one encoded, one read ahead): at 200 a server with a 128 MB heap ran out of memory
 * (bench/README.md, fhir-export).
 */
const NDJSON_BATCH_SIZE = 50;
/** Tests encoded per chunk sent: a full form's resources are about 110 KB of text. */
const ENCODE_SLICE = 5;

/**
 * A line's resource: the Bundle entry's resource, with its id; the references between a test's resources
 * (derivedFrom, hasMember, Provenance.target) are relative (`Observation/<id>`), naming lines of the same file and
 * readable by id from the FHIR API.
 */
export function ndjsonResource(entry: BundleEntry): object {
  return entry.resource;
}

/**
 * The export as a stream of NDJSON text: for each test (in id order), its resources, each form's Questionnaire the first
 * time a test of that form is met. `toEntries` maps one row to its resources (the per-test Bundle's); at most two
 * batches are in memory, whatever the export's size.
 */
export function createFhirNdjsonStream<Row extends { id: number }>(options: {
  fetchBatch: (afterId: number, limit: number) => Promise<Row[]>;
  toEntries: (row: Row) => BundleEntry[];
  batchSize?: number;
  onError?: (error: Error) => void;
}): NodeJS.ReadableStream {
  const batchSize = options.batchSize ?? NDJSON_BATCH_SIZE;
  const readAhead = (afterId: number) => {
    const batch = options.fetchBatch(afterId, batchSize);
    // A failure is seen when the batch is awaited; until then it must not count as unhandled.
    batch.catch(() => undefined);
    return batch;
  };
  const questionnairesSent = new Set<string>();
  const encode = (row: Row): string => {
    let text = '';
    for (const entry of options.toEntries(row)) {
      if (entry.resource.resourceType === 'Questionnaire') {
        if (questionnairesSent.has(entry.fullUrl)) {
          continue;
        }
        questionnairesSent.add(entry.fullUrl);
      }
      text += `${JSON.stringify(ndjsonResource(entry))}\n`;
    }
    return text;
  };
  async function* chunks(): AsyncGenerator<string> {
    try {
      let next: Promise<Row[]> | null = readAhead(0);
      while (next) {
        const batch: Row[] = await next;
        const last = batch.at(-1);
        next = last && batch.length === batchSize ? readAhead(last.id) : null;
        for (let from = 0; from < batch.length; from += ENCODE_SLICE) {
          if (from > 0) {
            // Let the database's next batch and the socket's writes in between slices.
            await setImmediate();
          }
          yield batch
            .slice(from, from + ENCODE_SLICE)
            .map(encode)
            .join('');
        }
      }
    } catch (error) {
      options.onError?.(error as Error);
      throw error;
    }
  }
  return Readable.from(chunks(), { objectMode: true, highWaterMark: 1 });
}
