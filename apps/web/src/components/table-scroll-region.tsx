import { Table } from '@mantine/core';
import { useRef, type ReactNode } from 'react';
import { useStaffText } from '../i18n/staff-language';
import { ScrollHint, useOverflowsSideways } from './scroll-hint';

/**
 * A table ("Tests per clinician (table)", so it differs from the section of the same name) that scrolls sideways
 * where the screen is narrower than it: a named region a keyboard can reach and scroll with the arrow keys (WCAG
 * 2.1.1; axe scrollable-region-focusable), with the focus ring the rest of the app shows, and a line above it saying
 * there is more to the side while there is. A native scroller: Mantine's custom scroll area would put the scrolling on
 * an inner element without a name.
 */
export function TableScrollRegion({
  label,
  minWidth,
  children,
}: {
  label: string;
  minWidth: number;
  children: ReactNode;
}) {
  const { t } = useStaffText();
  const ref = useRef<HTMLDivElement>(null);
  const overflows = useOverflowsSideways(ref);
  return (
    <>
      {overflows && <ScrollHint />}
      <Table.ScrollContainer
        ref={ref}
        type="native"
        minWidth={minWidth}
        role="region"
        aria-label={t('staff.tableRegion', { name: label })}
        tabIndex={0}
        className="mantine-focus-auto"
        // Positioned, so a visually hidden header inside (absolutely placed) scrolls with the table instead of
        // widening a phone's page.
        style={{ position: 'relative' }}
      >
        {children}
      </Table.ScrollContainer>
    </>
  );
}
