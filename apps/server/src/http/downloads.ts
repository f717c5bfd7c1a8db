import type { FastifyReply } from 'fastify';

// The answers that are files to save (reports, exports): one place for their headers, so every download is named,
// never cached and typed alike.

/** A PDF drawn for this request, saved as `filename`. */
export function sendPdf(reply: FastifyReply, pdf: Uint8Array, filename: string): FastifyReply {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store')
    .header('content-length', String(pdf.byteLength))
    .send(Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength));
}

/** A CSV (a whole text or a stream of it), saved as `filename`. */
export function sendCsv(reply: FastifyReply, csv: string | NodeJS.ReadableStream, filename: string): FastifyReply {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .send(csv);
}

/** Any other answer (JSON) saved as `filename` rather than shown, and never cached. */
export function attachment(reply: FastifyReply, filename: string): FastifyReply {
  return reply.header('content-disposition', `attachment; filename="${filename}"`).header('cache-control', 'no-store');
}

/** A FHIR resource (JSON, `application/fhir+json`), saved as `filename`. */
export function sendFhirJson(reply: FastifyReply, resource: unknown, filename: string): FastifyReply {
  return reply
    .header('content-type', 'application/fhir+json; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store')
    .send(JSON.stringify(resource));
}

/** FHIR NDJSON (one resource a line, `application/fhir+ndjson`), streamed, saved as `filename`. */
export function sendFhirNdjson(reply: FastifyReply, stream: NodeJS.ReadableStream, filename: string): FastifyReply {
  return reply
    .header('content-type', 'application/fhir+ndjson')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store')
    .send(stream);
}
