import { Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useStaffText } from '../i18n/staff-language';

// On a narrow screen a wide table or chart scrolls sideways inside its region; a line above it says so while it does.

/** "Scroll sideways to see all of it →": visual only, a screen reader reads a table cell by cell whatever its width. */
export function ScrollHint() {
  const { t } = useStaffText();
  return (
    <Text size="xs" c="dimmed" aria-hidden data-testid="scroll-hint">
      {t('staff.scrollHint')}
    </Text>
  );
}

/** Whether the element's content is wider than the element (it scrolls sideways), kept current as it resizes. */
export function useOverflowsSideways(ref: React.RefObject<HTMLElement | null>): boolean {
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element) {
      return;
    }
    const check = () => setOverflows(element.scrollWidth > element.clientWidth + 1);
    check();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(check);
    observer?.observe(element);
    return () => observer?.disconnect();
  }, [ref]);
  return overflows;
}
