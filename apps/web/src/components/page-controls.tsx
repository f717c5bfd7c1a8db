import { Button, Group, Text } from '@mantine/core';
import { useStaffText } from '../i18n/staff-language';

/** docs/product-spec.md §2 pagination: 'Page X of Y' with Prev and Next bounded by the page range. */
export function PageControls({
  page,
  pageCount,
  onChange,
  label,
}: {
  page: number;
  pageCount: number;
  onChange: (page: number) => void;
  label?: string;
}) {
  const { t } = useStaffText();
  return (
    <Group component="nav" aria-label={label ?? t('common.pages')} justify="flex-end" gap="sm">
      <Button variant="default" size="xs" disabled={page <= 1} onClick={() => onChange(page - 1)}>
        {t('common.prev')}
      </Button>
      <Text size="sm" aria-live="polite" data-testid="page-indicator">
        {t('common.pageOf', { page, pageCount })}
      </Text>
      <Button variant="default" size="xs" disabled={page >= pageCount} onClick={() => onChange(page + 1)}>
        {t('common.next')}
      </Button>
    </Group>
  );
}

/** One page of a list as the server answers it (undefined while loading). */
interface ListPage {
  total: number;
  page: number;
  pageCount: number;
}

/**
 * Below a paged list: how many items in all ('3 assessments'), then the page controls, from the server's answer
 * (`list`); while it loads, the page asked for (`page`) of one.
 */
export function PagedListFooter({
  list,
  page,
  count,
  onChange,
  label,
}: {
  list: ListPage | undefined;
  page: number;
  /** The total in words: '3 assessments'. */
  count: (total: number) => string;
  onChange: (page: number) => void;
  label: string;
}) {
  return (
    <Group justify="space-between">
      <Text size="sm" c="dimmed">
        {list === undefined ? '' : count(list.total)}
      </Text>
      <PageControls label={label} page={list?.page ?? page} pageCount={list?.pageCount ?? 1} onChange={onChange} />
    </Group>
  );
}
