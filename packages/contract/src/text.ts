// Text the database cannot store: PostgreSQL refuses the NUL character in text, and a UTF-16
// surrogate without its pair is not a Unicode character at all (jsonb refuses it; UTF-8 cannot encode it). The
// server refuses both in every body, query and path before any handler runs (apps/server/src/http/text-input.ts).

const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const UNSTORABLE_TEXT_MESSAGE =
  'contains a NUL character or an unpaired surrogate (a broken character); please remove it and try again';

/** False for text with a NUL character or an unpaired surrogate. */
export function isStorableText(text: string): boolean {
  return !text.includes('\u0000') && !UNPAIRED_SURROGATE.test(text);
}
