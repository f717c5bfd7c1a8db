import { Button, Group, Text } from '@mantine/core';

/** Spec §2 pagination: 'Page X of Y' with Prev and Next bounded by the page range. */
export function PageControls({
  page,
  pageCount,
  onChange,
  label = 'Pages',
}: {
  page: number;
  pageCount: number;
  onChange: (page: number) => void;
  label?: string;
}) {
  return (
    <Group component="nav" aria-label={label} justify="flex-end" gap="sm">
      <Button variant="default" size="xs" disabled={page <= 1} onClick={() => onChange(page - 1)}>
        Prev
      </Button>
      <Text size="sm" aria-live="polite" data-testid="page-indicator">
        Page {page} of {pageCount}
      </Text>
      <Button variant="default" size="xs" disabled={page >= pageCount} onClick={() => onChange(page + 1)}>
        Next
      </Button>
    </Group>
  );
}
