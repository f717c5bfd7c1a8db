import { Trans } from '@lingui/react';
import type { ReactElement } from 'react';

// Apart from translate.tsx: the patient pages need no markup in messages, and so do not load Lingui's Trans.

export type MessageValues = Record<string, string | number | ReactElement>;

/** A message with markup inside it: `<0>…</0>` in the catalogue becomes `components[0]` around that text. */
export function RichText<K extends string>({
  id,
  values,
  components,
}: {
  id: K;
  values?: MessageValues;
  components: Record<string, ReactElement>;
}) {
  return <Trans id={id} values={values} components={components} />;
}
