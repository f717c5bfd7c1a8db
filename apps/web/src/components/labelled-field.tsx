import { Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A small uppercase label above a value (details and data view). */
export function LabelledField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text component="div">{children}</Text>
    </div>
  );
}
