import { addLanguageFolder } from '@pid5/i18n';
import type { AppConfig } from './config/app-config';
import { ZEnv, type ParsedEnv } from './config/env-schema';
import { fhirConfig, fhirProblems } from './config/fhir-config';
import { instituteConfig } from './config/institute-config';
import { accountProblems, accountsConfig, loginConfig, loginProblems } from './config/login-config';
import { mailConfig, mailProblems } from './config/mail-config';
import { publicUrlOf, serverConfig, serverProblems } from './config/server-config';

export type { AppConfig, LoginProviderConfig, MailConfig, OidcProviderConfig } from './config/app-config';

// The one place that reads process.env. Every variable is parsed here, once (the schema: config/env-schema.ts; what
// they mean together: a parser per section in config/); on any problem the process exits listing all of them, so an
// operator fixes them in one go.

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Configuration problems:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/** Parse an environment (process.env in production, a literal in tests) into the app's configuration. */
export function parseConfig(env: Record<string, string | undefined>): AppConfig {
  const e = parseEnv(env);
  const isProduction = e.NODE_ENV === 'production';
  const publicUrl = publicUrlOf(e);
  const problems = [
    ...loginProblems(e, isProduction),
    ...serverProblems(e, isProduction),
    ...fhirProblems(e, isProduction),
    ...accountProblems(e),
    ...mailProblems(e, isProduction),
  ];
  if (problems.length > 0) {
    throw new ConfigError(problems);
  }
  return {
    ...serverConfig(e, publicUrl),
    ...accountsConfig(e),
    login: loginConfig(e, publicUrl),
    providerTimeoutSeconds: e.PROVIDER_TIMEOUT_SECONDS,
    ...instituteConfig(e),
    ...fhirConfig(e, publicUrl),
    mail: mailConfig(e),
  };
}

/** Each variable checked alone (the schema): unset and empty ones left out, LANGUAGES_FOLDER's languages added first. */
function parseEnv(env: Record<string, string | undefined>): ParsedEnv {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  if (cleaned.LANGUAGES_FOLDER) {
    try {
      addLanguageFolder(cleaned.LANGUAGES_FOLDER);
    } catch (error) {
      throw new ConfigError([`LANGUAGES_FOLDER: ${(error as Error).message}`]);
    }
  }
  const parsed = ZEnv.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  return parsed.data;
}

/** For main.ts and the CLIs: parse process.env or print every problem and exit. */
export function loadConfigOrExit(): AppConfig {
  try {
    return parseConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}
