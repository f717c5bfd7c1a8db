// The small part of FHIR R4 the export writes, typed by hand: the server needs no FHIR library at run time, and the
// tests validate every resource against the R4 StructureDefinitions (medplum's validator), so a wrong field here
// fails there.

export interface Coding {
  system?: string;
  version?: string;
  code?: string;
  display?: string;
}

export interface CodeableConcept {
  coding?: Coding[];
  text?: string;
}

export interface Identifier {
  system?: string;
  value?: string;
}

export interface Reference {
  reference?: string;
  type?: string;
  identifier?: Identifier;
  display?: string;
}

export interface Quantity {
  value?: number;
  comparator?: '<' | '<=' | '>=' | '>';
  unit?: string;
  system?: string;
  code?: string;
}

export interface Annotation {
  text: string;
}

export interface Meta {
  source?: string;
  tag?: Coding[];
  lastUpdated?: string;
}

export interface ResourceBase {
  resourceType: string;
  id?: string;
  meta?: Meta;
}

export interface CodeSystemConcept {
  code: string;
  display?: string;
  /** The display in another language (or another wording), as a Coding may carry it. */
  designation?: { language?: string; value: string }[];
  definition?: string;
}

export interface CodeSystem extends ResourceBase {
  resourceType: 'CodeSystem';
  url: string;
  version: string;
  name: string;
  title: string;
  status: 'draft' | 'active' | 'retired' | 'unknown';
  experimental?: boolean;
  publisher?: string;
  description?: string;
  caseSensitive: boolean;
  content: 'complete';
  count: number;
  concept: CodeSystemConcept[];
}

export interface QuestionnaireItem {
  linkId: string;
  prefix?: string;
  text?: string;
  type: 'choice' | 'display';
  required?: boolean;
  answerOption?: { valueCoding: Coding }[];
}

export interface Questionnaire extends ResourceBase {
  resourceType: 'Questionnaire';
  language?: string;
  url: string;
  version: string;
  name: string;
  title: string;
  status: 'draft' | 'active' | 'retired' | 'unknown';
  subjectType: string[];
  publisher?: string;
  description?: string;
  copyright?: string;
  item: QuestionnaireItem[];
}

export interface QuestionnaireResponseItem {
  linkId: string;
  text?: string;
  answer?: { valueCoding?: Coding; valueInteger?: number }[];
}

export interface QuestionnaireResponse extends ResourceBase {
  resourceType: 'QuestionnaireResponse';
  identifier?: Identifier;
  questionnaire: string;
  status: 'completed';
  subject: Reference;
  authored: string;
  item?: QuestionnaireResponseItem[];
}

/** A Range's ends: Quantities without a comparator (SimpleQuantity). */
export interface Range {
  low?: Omit<Quantity, 'comparator'>;
  high?: Omit<Quantity, 'comparator'>;
}

/** What a value is read against: here the reference group a German T was read for. */
export interface ObservationReferenceRange {
  appliesTo?: CodeableConcept[];
  age?: Range;
  text?: string;
}

export interface ObservationComponent {
  code: CodeableConcept;
  valueQuantity?: Quantity;
  valueRange?: Range;
  dataAbsentReason?: CodeableConcept;
  interpretation?: CodeableConcept[];
  referenceRange?: ObservationReferenceRange[];
}

export interface Observation extends ResourceBase {
  resourceType: 'Observation';
  identifier?: Identifier[];
  status: 'final';
  category: CodeableConcept[];
  code: CodeableConcept;
  subject: Reference;
  effectiveDateTime: string;
  issued?: string;
  valueQuantity?: Quantity;
  valueCodeableConcept?: CodeableConcept;
  dataAbsentReason?: CodeableConcept;
  interpretation?: CodeableConcept[];
  note?: Annotation[];
  method?: CodeableConcept;
  derivedFrom?: Reference[];
  hasMember?: Reference[];
  component?: ObservationComponent[];
}

export interface Provenance extends ResourceBase {
  resourceType: 'Provenance';
  target: Reference[];
  recorded: string;
  agent: { type?: CodeableConcept; who: Reference }[];
  entity?: { role: 'derivation' | 'revision' | 'quotation' | 'source' | 'removal'; what: Reference }[];
}

export interface OperationOutcome extends ResourceBase {
  resourceType: 'OperationOutcome';
  issue: { severity: 'fatal' | 'error' | 'warning' | 'information'; code: string; diagnostics?: string }[];
}

export type ExportedResource = Questionnaire | QuestionnaireResponse | Observation | Provenance;

export interface BundleEntry<R extends ResourceBase = ExportedResource> {
  fullUrl: string;
  resource: R;
  search?: { mode: 'match' | 'include' };
}

export interface Bundle<R extends ResourceBase = ExportedResource> extends ResourceBase {
  resourceType: 'Bundle';
  type: 'collection' | 'searchset';
  timestamp?: string;
  total?: number;
  link?: { relation: string; url: string }[];
  identifier?: Identifier;
  entry: BundleEntry<R>[];
}
