import { Text, type TextProps } from '@mantine/core';

/** What an admin action came to: a line of success (read out politely) or of failure (read out at once). */
export type Outcome = { kind: 'success' | 'error'; text: string } | null;

/** The outcome's line under a form; empty, but present, before the first action, so the first one is announced. */
export function OutcomeText({ outcome, ...props }: { outcome: Outcome } & TextProps) {
  return (
    <Text
      {...props}
      size="sm"
      role={outcome?.kind === 'error' ? 'alert' : 'status'}
      c={outcome?.kind === 'error' ? 'red.8' : 'teal.9'}
    >
      {outcome?.text ?? ''}
    </Text>
  );
}
