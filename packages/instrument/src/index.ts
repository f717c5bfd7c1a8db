// @pid5/instrument: the PID-5 (220-item adult self-report) scoring core. Pure TypeScript, no I/O, usable in the
// browser and on the server. See README.md and DESIGN.md "Scoring (packages/instrument)" and "Item texts".

export {
  ADMINISTERED_FORM_IDS,
  BF_TOTAL_KEY,
  DOMAIN_KEYS,
  FACET_KEYS,
  FORM_IDS,
  VALIDITY_KEYS,
  isDomainKey,
  isFacetKey,
  isFormId,
  scalesInOrder,
} from './keys';
export type { AdministeredFormId, BfTotalKey, DomainKey, FacetKey, FormId, ValidityKey } from './keys';
export { administeredFormInfo, administeredFullItems, administeredItemCount, isPid5Form } from './administered-forms';

export type {
  DomainDefinition,
  FacetDefinition,
  IncDefinition,
  MissingRuleDefinition,
  NormSetDefinition,
  NormValue,
  OrsDefinition,
  Pid5Definition,
  PrdDefinition,
  SdtdDefinition,
  SourceReference,
  ValidityDefinitions,
} from './definition-types';
export {
  DOMAINS,
  FACETS,
  INSTRUMENT_VERSION,
  INSTRUMENT_VERSIONS,
  NORM_SETS,
  NORMS_VERSION,
  getDomain,
  getFacet,
  pid5Definition,
} from './definition';
export { DefinitionError, REQUIRED_NORM_SET_IDS, parseDefinition, validateDefinition } from './validate-definition';
export type { DefinitionValidation } from './validate-definition';
export { NORM_FIELDS, describeNormSet, describeShortFormNormSets } from './norm-sets';
export type { NormField, NormSetInfo } from './norm-sets';
export {
  NORM_TABLE_SCALES,
  NormTablesError,
  US_NORM_TABLES,
  VALIDITY_TABLE_KEYS,
  describeNormTables,
  getNormTable,
  publishedSource,
  parseNormTables,
  validateNormTables,
} from './norm-tables';
export type {
  NormRow,
  NormTable,
  NormTables,
  NormTablesIdentity,
  NormTablesInfo,
  NormTablesValidation,
  ValidityPercentileRow,
  ValidityPercentileTable,
  ValidityTableKey,
} from './norm-tables';
export { formatPercentile, formatTScore, readNormTable, readValidityPercentile } from './norm-lookup';
export type { Capped, NormReading, ValidityPercentileReading } from './norm-lookup';
export { inTenAdults, sharePercent, tableMiddleShare, tMiddleShare } from './t-middle-share';
export type { TMiddleShare } from './t-middle-share';

export {
  ANSWER_LABELS,
  ANSWER_OPTIONS,
  ANSWER_VALUES,
  InvalidResponsesError,
  MISSING_MARKERS,
  RESPONSES_LENGTH,
  UNANSWERED,
  assertValidResponses,
  countAnswered,
  createEmptyResponses,
  findResponsesProblem,
  getAnswer,
  isAnswerValue,
  isItemNumber,
  isValidResponses,
  normaliseResponses,
  setAnswer,
} from './responses';
export type { AnswerOption, AnswerValue, SetAnswerOptions } from './responses';

export {
  LEVELS,
  LEVEL_CUTOFFS,
  LEVEL_RULE,
  classifyLevel,
  describeLevel,
  describePercentile,
  getLevelDefinition,
  levelStartsInT,
  parseLevelRule,
} from './levels';
export type { Level, LevelDefinition, LevelRule, LevelStartsT } from './levels';
export { scoreResponses, standardise } from './score-responses';
export type {
  AnyScoreResult,
  DomainScore,
  FacetScore,
  ScoreResponsesOptions,
  ScoreResult,
  ScoreResultBase,
  StandardisedScores,
} from './score-responses';
export type { ItemScaleCounts } from './score-scales';
export type { ShortFormScoreResult } from './score-short-form';
export type { BriefDomainScore, BriefFormScoreResult, BriefScaleScore, BriefTotalScore } from './score-brief-form';
export { assessValidity } from './validity-verdict';
export { FAST_SECONDS_PER_STATEMENT, FAST_SHARE_CAUTION, screenAnswerTimes } from './response-time';
export type { ResponseTimeResult } from './response-time';
export type { ScoredProtocol } from './validity-verdict';
export { classifyPrd, classifySdtd } from './validity-scales';
export type {
  BriefFormValidityResult,
  IncResult,
  IncsResult,
  NotPublishedScale,
  OrsResult,
  PrdFlag,
  PrdResult,
  SdtdFlag,
  SdtdResult,
  ShortFormValidityResult,
  ValidityResult,
} from './validity-scales';
export {
  DEFAULT_FORM,
  FORMS,
  FORM_INFOS,
  getForm,
  getFormFullItems,
  getFormInfo,
  getFormItemCount,
  toFullItem,
} from './forms';
export type { FormInfo } from './forms';
export { FORM_ITEM_COUNTS, FormsError, parseForms, validateForms } from './validate-forms';
export type {
  BriefFormDefinition,
  FacetFormDefinition,
  FormDefinition,
  FormFacet,
  FormItemDomain,
  FormItemScale,
  FormMissingRule,
  FormsDefinition,
  FormsValidation,
  IncsDefinition,
} from './validate-forms';
export {
  VALIDITY_INTERPRETATION,
  VALIDITY_INTERPRETATION_DE,
  VERDICTS,
  wordingLanguages,
  addValidityWording,
  removeValidityWording,
  decimalWording,
  fillTemplate,
  findTranslationProblems,
  isWordingLanguage,
  parseValidityInterpretation,
  parseValidityTranslation,
  validityWording,
} from './validity-wording';
export type { PatientFacingLevels, ValidityInterpretation, Verdict, WordingLanguage } from './validity-wording';
export { decideValidity, fillPublishedCutoffs, isSameDecision, validityVerdictIn } from './validity-verdict';
export type {
  InconsistencyInput,
  ValidityLine,
  ValidityLineKey,
  ValidityLineStatus,
  ValidityReason,
  ValidityReasonCode,
  ValidityVerdict,
  ValidityWordingOptions,
  VerdictInput,
} from './validity-verdict';
export { toAnyCliJson, toBriefFormCliJson, toCliJson, toShortFormCliJson } from './cli-json';
export type {
  BriefFormCliJson,
  CliBriefScaleJson,
  CliDomainJson,
  CliFacetJson,
  CliJson,
  ShortFormCliJson,
} from './cli-json';

export {
  ITEM_TEXT_MAX_LENGTH,
  ItemSetError,
  ZItem,
  ZItemSet,
  findItemListProblems,
  getItemText,
  parseItemSet,
  validateItemSet,
} from './item-set';
export type { ItemSet, ItemSetValidation, TItem } from './item-set';
export { demoItemSet } from './demo-item-set';
export { demoItemSetDe } from './demo-item-set-de';
export { createDemoResponses, DEMO_FACET_TARGETS } from './demo-responses';

export {
  AXIS_LABEL_OFFSET,
  BAR_COLOR,
  CHART_MARGINS,
  GUIDE_LINE_VALUES,
  VALUE_LABEL_GAP,
  VALUE_LABEL_HALO,
  VALUE_LABEL_HALO_COLOR,
  Y_DOMAIN,
  chartScoresFromLists,
  domainChart,
  facetChart,
  formatAxisLabel,
} from './chart-geometry';
export type {
  ChartBand,
  ChartBar,
  ChartGeometry,
  ChartGuideLine,
  ChartMargins,
  ChartOptions,
  ChartScaleScores,
  ChartScores,
  ChartTick,
  ChartValueLabel,
  KeyedChartScale,
} from './chart-geometry';

export {
  FORM_SCALE_KEYS,
  PID5_RELIABILITY,
  ReliabilityError,
  findReliabilityProblems,
  findScaleReliability,
  parseReliabilityData,
} from './reliability';
export type { ReliabilityData, ReliabilityKind, ReliabilitySource, ScaleReliability } from './reliability';
export { RCI_CRITICAL_VALUE, compareAdministrations, usNormSd } from './compare-administrations';
export { addComparisonWording, comparisonWording, removeComparisonWording } from './comparison-wording';
export type { ComparisonWording } from './comparison-wording';
export type {
  AdministrationComparison,
  AdministrationValidity,
  ComparedReading,
  ComparedScale,
  ReliableChange,
  ScaleKind,
} from './compare-administrations';
export { T_AXIS_LABEL, T_Y_DOMAIN, domainTChart, facetTChart } from './t-chart-geometry';
export type { TChartGeometry, TChartScale } from './t-chart-geometry';
export {
  FORM_NAME_KEYS,
  LEVEL_KEYS,
  SCALE_NAME_KEYS,
  T_AXIS_LABEL_KEY,
  VALIDITY_STATUS_KEYS,
  VERDICT_LABEL_KEYS,
  levelKey,
  scaleNameKey,
  verdictLabelKey,
} from './result-word-keys';
export type { LevelKey, ScaleNameKey } from './result-word-keys';

// German norms as published (docs/decisions/0073-german-norms-as-published.md), the PID5BF+M and the ICD-11 trait
// domains (docs/decisions/0074-the-pid5bfm-and-icd-11-trait-domains.md), the AMPD trait profiles
// (docs/decisions/0075-ampd-trait-profiles.md).
export {
  DE_NORM_TABLES,
  GERMAN_AGE_GROUPS,
  GERMAN_NORM_CELLS,
  GERMAN_NORM_FORMS,
  GERMAN_NORM_TABLE_SCALES,
  GERMAN_PLATFORM_KEYS,
  GermanNormTablesError,
  describeGermanNormTables,
  germanNormCellName,
  getGermanNormTable,
  parseGermanNormTables,
  validateGermanNormTables,
} from './de-norm-tables';
export type {
  GermanAgeGroup,
  GermanNormCell,
  GermanNormCellId,
  GermanNormForm,
  GermanNormRow,
  GermanNormTable,
  GermanNormTables,
  GermanNormTablesInfo,
  GermanNormTablesValidation,
} from './de-norm-tables';
export {
  germanAgeGroupOf,
  nearestGermanNormRow,
  readGermanNorm,
  readGermanNorms,
  resolveGermanReferenceGroup,
} from './de-norm-lookup';
export type {
  GermanNormFallback,
  GermanNormReading,
  GermanNorms,
  GermanNormsInput,
  GermanReferenceGroup,
  NormReference,
  ReferenceGender,
} from './de-norm-lookup';
export { BFM_DOMAIN_KEYS, BFM_FACET_KEYS, BFM_TOTAL_KEY, isBfmDomainKey, isBfmFacetKey } from './bfm-keys';
export type { BfmDomainKey, BfmFacetKey } from './bfm-keys';
export {
  BFM_FORM,
  BFM_FORM_ID,
  BFM_FORM_INFO,
  BfmFormError,
  bfmCoverage,
  parseBfmForm,
  toBfmFullItem,
  validateBfmForm,
} from './bfm-form';
export type { BfmCoverage, BfmDomain, BfmFacet, BfmFormDefinition, BfmFormId, BfmFormValidation } from './bfm-form';
export { BFM_INSTRUMENT_VERSION, bfmProtocol, scoreBfmForm, scoreBfmFromFullForm } from './score-bfm';
export type { BfmDomainScore, BfmFacetScore, BfmScoreResult, BfmTotalScore, ScoreBfmOptions } from './score-bfm';
export {
  AMPD_DISORDERS,
  AMPD_DISORDER_KEYS,
  AMPD_FORMS,
  AmpdDefinitionError,
  DEFAULT_AMPD_THRESHOLD,
  ampdThreshold,
  isAmpdForm,
  parseAmpdDefinition,
  scoreAmpdProfiles,
  validateAmpdDefinition,
} from './ampd-profiles';
export type {
  AmpdDefinitionValidation,
  AmpdDisorderDefinition,
  AmpdDisorderKey,
  AmpdFacetReading,
  AmpdForm,
  AmpdInput,
  AmpdOptions,
  AmpdProfile,
  AmpdProfiles,
  AmpdRequirement,
  AmpdThreshold,
  AmpdTraitRule,
} from './ampd-profiles';
export {
  AMPD_WORD_KEYS,
  BFM_WORD_KEYS,
  GERMAN_NORM_FALLBACK_KEYS,
  GERMAN_NORM_FALLBACK_REASON_KEYS,
  GERMAN_NORM_WORD_KEYS,
  ampdUnavailableKey,
  bfmUnavailableKey,
  germanGroupKey,
} from './trait-model-word-keys';
export type { GermanGroupKey } from './trait-model-word-keys';
