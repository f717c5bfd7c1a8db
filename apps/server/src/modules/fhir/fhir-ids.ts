import { z } from 'zod';

/** A FHIR logical id (R4 "id" datatype) in a route's path; anything else is 400, never looked up. */
export const ZFhirIdParams = z.object({
  id: z.string().regex(/^[A-Za-z0-9\-.]{1,64}$/, 'not a FHIR id (letters, digits, - and ., at most 64)'),
});
