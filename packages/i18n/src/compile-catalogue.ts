import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';

/** A catalogue as written: message key → ICU message ("{count, plural, one {# test} other {# tests}}"). */
export type Catalogue = Record<string, string>;
export type CompiledMessage = ReturnType<typeof compileMessageOrThrow>;
export type CompiledCatalogue = Record<string, CompiledMessage>;

/**
 * Parses every message once, ahead of use, so that the runtime carries no ICU parser (Lingui's production mode):
 * the web build does it when it bundles a catalogue, the server when it loads one. A message that does not parse
 * throws, naming its key.
 */
export function compileCatalogue(messages: Catalogue): CompiledCatalogue {
  const compiled: CompiledCatalogue = {};
  for (const [key, message] of Object.entries(messages)) {
    try {
      compiled[key] = compileMessageOrThrow(message);
    } catch (error) {
      throw new Error(`Message ${key} is not valid ICU: ${(error as Error).message}`, { cause: error });
    }
  }
  return compiled;
}
