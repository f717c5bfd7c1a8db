import { Alert, Button, Group, Loader, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useDeferredValue, useId, useMemo, useRef, useState, type CSSProperties, type KeyboardEvent } from 'react';
import { matchesDiagnosis, type TDiagnosis } from '@pid5/contract';
import { useStaffText } from '../i18n/staff-language';

/** docs/product-spec.md §9: the DSM list is at most 320 px high. */
const LIST_MAX_HEIGHT = 320;
const ROW_HEIGHT = 56;
/** Rows drawn above and below the visible ones, so fast scrolling does not show gaps. */
const OVERSCAN = 6;
/** The language of the catalogue's descriptions (apps/server/src/data/diagnoses.SOURCE.md). */
export const DIAGNOSIS_CATALOGUE_LANGUAGE = 'en';

/**
 * The diagnosis picker (docs/product-spec.md §2): search (case-insensitive on description and code), click to select
 * or deselect, 'Show Selected' / 'Show all', 'Reset All', 'Done'. Only the rows in view are drawn, so
 * the ~900 entries stay fast while typing.
 */
export function DiagnosisPicker({
  opened,
  onClose,
  catalogue,
  isLoading,
  loadError,
  selected,
  onChange,
  returnFocusTo,
}: {
  opened: boolean;
  onClose: () => void;
  /** The id of the control that opened the picker: it has the focus again once the picker has closed (2.4.3). */
  returnFocusTo: string;
  catalogue: readonly TDiagnosis[];
  isLoading: boolean;
  loadError: string | null;
  selected: readonly string[];
  onChange: (codes: string[]) => void;
}) {
  const { t, language } = useStaffText();
  const [query, setQuery] = useState('');
  const [isShowingSelected, setIsShowingSelected] = useState(false);
  const deferredQuery = useDeferredValue(query);
  const selectedSet = useMemo(() => new Set(selected), [selected]);

  const visible = useMemo(
    () =>
      catalogue.filter((d) => matchesDiagnosis(d, deferredQuery) && (!isShowingSelected || selectedSet.has(d.code))),
    [catalogue, deferredQuery, isShowingSelected, selectedSet],
  );

  const toggle = (code: string) => {
    onChange(selectedSet.has(code) ? selected.filter((c) => c !== code) : [...selected, code]);
  };

  return (
    // Each opening mounts a fresh picker already open, so Mantine has no opener to return the focus to: named here.
    <Modal
      opened={opened}
      onClose={onClose}
      onExitTransitionEnd={() => returnFocusAfterClose(returnFocusTo)}
      returnFocus={false}
      title={t('diagnoses.title')}
      size="xl"
      centered
    >
      <Stack gap="sm">
        <TextInput
          label={t('diagnoses.search')}
          placeholder={t('diagnoses.searchPlaceholder')}
          value={query}
          onChange={(event) => setQuery(event.currentTarget.value)}
          data-autofocus
          // The catalogue's descriptions are English (its source has no other language): said, and searched as such.
          description={language === DIAGNOSIS_CATALOGUE_LANGUAGE ? undefined : t('diagnoses.englishDescriptions')}
        />
        <SelectionBar
          counts={{ selected: selected.length, shown: visible.length, total: catalogue.length }}
          isShowingSelected={isShowingSelected}
          onToggleShowSelected={() => setIsShowingSelected((v) => !v)}
          onResetAll={() => onChange([])}
        />
        {loadError && (
          <Alert color="red" role="alert">
            {loadError}
          </Alert>
        )}
        {isLoading ? (
          <Group justify="center" h={120}>
            <Loader size="sm" aria-label={t('diagnoses.loading')} />
          </Group>
        ) : visible.length === 0 ? (
          <Text ta="center" c="dimmed" py="xl">
            {t('diagnoses.noMatch')}
          </Text>
        ) : (
          <VirtualDiagnosisList
            key={`${deferredQuery}|${isShowingSelected}`}
            items={visible}
            selected={selectedSet}
            onToggle={toggle}
          />
        )}
        <Group justify="flex-end">
          <Button onClick={onClose}>{t('diagnoses.done')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * The list is one Tab stop (WAI-ARIA listbox, multi-select): the focus stays on the list and `aria-activedescendant`
 * names the active row; Up/Down, Home/End and Page Up/Down move it (scrolled into view, so it is drawn), Space or
 * Enter selects or deselects it. A row's description is clamped to two lines; the active row's whole description is
 * written out below the list.
 */
function VirtualDiagnosisList({
  items,
  selected,
  onToggle,
}: {
  items: readonly TDiagnosis[];
  selected: ReadonlySet<string>;
  onToggle: (code: string) => void;
}) {
  const { t } = useStaffText();
  const listId = useId();
  const [hasFocus, setHasFocus] = useState(false);
  const height = Math.min(LIST_MAX_HEIGHT, items.length * ROW_HEIGHT);
  const rows = useActiveRow(items.length, height);
  const { listRef, scrollTop, setScrollTop, active, setActive } = rows;
  const first = Math.max(0, Math.floor(scrollTop / ROW_HEIGHT) - OVERSCAN);
  const last = Math.min(items.length, Math.ceil((scrollTop + height) / ROW_HEIGHT) + OVERSCAN);
  const optionId = (index: number) => `${listId}-option-${index}`;
  const activeItem = items[active];

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (rows.moveByKey(event.key)) {
      event.preventDefault();
    } else if ((event.key === ' ' || event.key === 'Enter') && activeItem) {
      event.preventDefault();
      onToggle(activeItem.code);
    }
  };

  return (
    <Stack gap={4}>
      <div
        ref={listRef}
        role="listbox"
        tabIndex={0}
        aria-label={t('diagnoses.list')}
        aria-multiselectable="true"
        aria-activedescendant={activeItem && active >= first && active < last ? optionId(active) : undefined}
        onKeyDown={onKeyDown}
        onFocus={() => setHasFocus(true)}
        onBlur={() => setHasFocus(false)}
        onScroll={(event) => setScrollTop(event.currentTarget.scrollTop)}
        style={{
          maxHeight: LIST_MAX_HEIGHT,
          height,
          overflowY: 'auto',
          position: 'relative',
          border: '1px solid var(--mantine-color-gray-3)',
          borderRadius: 'var(--mantine-radius-md)',
        }}
      >
        <div style={{ height: items.length * ROW_HEIGHT, position: 'relative' }}>
          {items.slice(first, last).map((item, offset) => {
            const index = first + offset;
            const isSelected = selected.has(item.code);
            return (
              <DiagnosisOption
                key={item.code}
                item={item}
                index={index}
                count={items.length}
                id={optionId(index)}
                isSelected={isSelected}
                isActive={index === active && hasFocus}
                onPick={() => {
                  setActive(index);
                  onToggle(item.code);
                }}
                onHover={() => setActive(index)}
              />
            );
          })}
        </div>
      </div>
      {/* The active row in full (its description may be clamped above); the list itself already reads it out. */}
      <Text size="sm" aria-hidden data-testid="diagnosis-active">
        {activeItem && (
          <>
            <strong>{activeItem.code}</strong> <span lang={DIAGNOSIS_CATALOGUE_LANGUAGE}>{activeItem.description}</span>
          </>
        )}
      </Text>
    </Stack>
  );
}

/**
 * The list's active row and scroll position: `moveByKey` moves the active row for Up/Down, Home/End and Page Up/Down
 * (false for any other key) and scrolls it into the list's view, so it is drawn before the focus names it.
 */
function useActiveRow(count: number, height: number) {
  const listRef = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [active, setActive] = useState(0);

  const moveTo = (index: number) => {
    const next = Math.max(0, Math.min(count - 1, index));
    setActive(next);
    const list = listRef.current;
    if (!list) {
      return;
    }
    const top = next * ROW_HEIGHT;
    const visibleHeight = list.clientHeight || height;
    if (top < list.scrollTop) {
      list.scrollTop = top;
    } else if (top + ROW_HEIGHT > list.scrollTop + visibleHeight) {
      list.scrollTop = top + ROW_HEIGHT - visibleHeight;
    }
    setScrollTop(list.scrollTop);
  };

  const moveByKey = (key: string): boolean => {
    const page = Math.max(1, Math.floor(height / ROW_HEIGHT) - 1);
    const moves: Record<string, number> = {
      ArrowDown: active + 1,
      ArrowUp: active - 1,
      Home: 0,
      End: count - 1,
      PageDown: active + page,
      PageUp: active - page,
    };
    if (!(key in moves)) {
      return false;
    }
    moveTo(moves[key]!);
    return true;
  };

  return { listRef, scrollTop, setScrollTop, active, setActive, moveByKey };
}

/**
 * Gives `id` the focus once the picker has closed, unless the user has moved on: the focus is still in the closing
 * picker (its exit transition keeps it drawn), or already dropped to the page itself.
 */
function returnFocusAfterClose(id: string): void {
  const focused = document.activeElement;
  if (focused === null || focused === document.body || focused.closest('.mantine-Modal-root') !== null) {
    document.getElementById(id)?.focus();
  }
}

/** How many are selected and shown, 'Show Selected' / 'Show all' and 'Reset All'. */
function SelectionBar({
  counts,
  isShowingSelected,
  onToggleShowSelected,
  onResetAll,
}: {
  counts: { selected: number; shown: number; total: number };
  isShowingSelected: boolean;
  onToggleShowSelected: () => void;
  onResetAll: () => void;
}) {
  const { t } = useStaffText();
  return (
    <Group justify="space-between" wrap="wrap" gap="xs">
      <Text size="sm" c="dimmed" aria-live="polite">
        {t('diagnoses.counts', counts)}
      </Text>
      <Group gap="xs">
        <Button variant="default" size="xs" onClick={onToggleShowSelected}>
          {isShowingSelected ? t('diagnoses.showAll') : t('diagnoses.showSelected')}
        </Button>
        <Button variant="default" size="xs" onClick={onResetAll} disabled={counts.selected === 0}>
          {t('diagnoses.resetAll')}
        </Button>
      </Group>
    </Group>
  );
}

/** One row of the list: a mark when selected, the code, the description clamped to two lines. */
function DiagnosisOption({
  item,
  index,
  count,
  id,
  isSelected,
  isActive,
  onPick,
  onHover,
}: {
  item: TDiagnosis;
  index: number;
  count: number;
  id: string;
  isSelected: boolean;
  isActive: boolean;
  onPick: () => void;
  onHover: () => void;
}) {
  return (
    <div
      id={id}
      role="option"
      aria-selected={isSelected}
      aria-setsize={count}
      aria-posinset={index + 1}
      data-active={isActive || undefined}
      onClick={onPick}
      onMouseEnter={onHover}
      style={rowStyle(index, isSelected, isActive)}
    >
      <span aria-hidden style={{ width: 18, flex: 'none', fontWeight: 700 }}>
        {isSelected ? '✓' : ''}
      </span>
      <span style={{ width: 140, flex: 'none', fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>{item.code}</span>
      <span style={clampStyle} lang={DIAGNOSIS_CATALOGUE_LANGUAGE}>
        {item.description}
      </span>
    </div>
  );
}

const clampStyle: CSSProperties = {
  display: '-webkit-box',
  WebkitLineClamp: 2,
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
  textAlign: 'left',
  lineHeight: 1.3,
};

/** A row's look; the active row of the focused list has the focus ring (the list's focus is on it, 2.4.7). */
function rowStyle(index: number, isSelected: boolean, isActive: boolean): CSSProperties {
  return {
    position: 'absolute',
    top: index * ROW_HEIGHT,
    left: 0,
    right: 0,
    height: ROW_HEIGHT,
    display: 'flex',
    alignItems: 'center',
    gap: 8,
    padding: '0 12px',
    borderBottom: '1px solid var(--mantine-color-gray-2)',
    background: isSelected ? 'var(--mantine-color-teal-0)' : 'var(--mantine-color-body)',
    fontSize: 'var(--mantine-font-size-sm)',
    cursor: 'pointer',
    textAlign: 'left',
    outline: isActive ? '2px solid var(--mantine-primary-color-filled)' : undefined,
    outlineOffset: -2,
  };
}
