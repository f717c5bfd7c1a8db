import { Group, Paper, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';

/**
 * A bordered part of a page under its own heading, which names the section for screen readers (a region).
 * `action` sits at the right of the heading (Copy, Choose Diagnoses).
 */
export function Section({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  const headingId = useId();
  const heading = (
    <Title order={2} size="h4" id={headingId} mb={action ? undefined : 'sm'}>
      {title}
    </Title>
  );
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={headingId}>
      {action ? (
        <Group justify="space-between" mb="sm">
          {heading}
          {action}
        </Group>
      ) : (
        heading
      )}
      {children}
    </Paper>
  );
}
