import type { AppConfig } from './app-config';
import type { ParsedEnv } from './env-schema';

// The institute's own choices: its licensed item sets, norm tables and reliabilities, the languages and defaults a
// new test starts with, its name, its store, and how long patients' data is kept.

type InstituteConfig = Pick<
  AppConfig,
  | 'itemSetFile'
  | 'itemSetFiles'
  | 'defaultTestLanguage'
  | 'patientLanguageSwitch'
  | 'normTablesFile'
  | 'reliabilityFile'
  | 'instituteName'
  | 'defaultForm'
  | 'testsStoreUrl'
  | 'defaultCountry'
  | 'reportCopyrightYear'
  | 'retentionYears'
>;

export function instituteConfig(e: ParsedEnv): InstituteConfig {
  return {
    itemSetFile: e.ITEM_SET_FILE,
    itemSetFiles: e.ITEM_SET_FILES ?? [],
    defaultTestLanguage: e.DEFAULT_TEST_LANGUAGE ?? null,
    patientLanguageSwitch: e.PATIENT_LANGUAGE_SWITCH,
    normTablesFile: e.NORM_TABLES_FILE,
    reliabilityFile: e.RELIABILITY_FILE,
    instituteName: e.INSTITUTE_NAME,
    defaultForm: e.DEFAULT_FORM,
    testsStoreUrl: e.TESTS_STORE_URL,
    defaultCountry: e.DEFAULT_COUNTRY,
    reportCopyrightYear: e.REPORT_COPYRIGHT_YEAR,
    retentionYears: e.RETENTION_YEARS ?? null,
  };
}
