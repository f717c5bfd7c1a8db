import { useRef, type ReactNode } from 'react';
import { useStaffText } from '../../i18n/staff-language';
import { ScrollHint, useOverflowsSideways } from '../scroll-hint';

/**
 * A chart that keeps a readable width and scrolls sideways on a narrow screen: a named region the keyboard can reach
 * (2.1.1), with the app's focus ring; with `scrollHint`, a line above it says there is more to the side while there is.
 */
export function ChartScrollRegion({
  name,
  scrollHint = false,
  children,
}: {
  name: string;
  scrollHint?: boolean;
  children: ReactNode;
}) {
  const { t } = useStaffText();
  const scroller = useRef<HTMLDivElement>(null);
  const overflows = useOverflowsSideways(scroller);
  return (
    <>
      {scrollHint && overflows && <ScrollHint />}
      <div
        ref={scroller}
        role="region"
        aria-label={t('staff.chartRegion', { name })}
        tabIndex={0}
        className="mantine-focus-auto"
        style={{ overflowX: 'auto', position: 'relative' }}
      >
        {children}
      </div>
    </>
  );
}
