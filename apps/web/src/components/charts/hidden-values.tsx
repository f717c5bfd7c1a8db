import { VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A chart's values as a table for screen readers, out of sight. Held in a box of no height that clips: the hidden
 * table keeps its full width for the accessibility tree, and on a phone that width would otherwise widen the page.
 */
export function HiddenValues({ children }: { children: ReactNode }) {
  return (
    <div style={{ position: 'relative', height: 0, overflow: 'hidden' }}>
      <VisuallyHidden>{children}</VisuallyHidden>
    </div>
  );
}
