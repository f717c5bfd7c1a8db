import { Table, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { useStaffText } from '../../i18n/staff-language';

/**
 * A chart's values as a table for screen readers, out of sight. Held in a box of no height that clips: the hidden
 * table keeps its full width for the accessibility tree, and on a phone that width would otherwise widen the page.
 */
function HiddenValues({ children }: { children: ReactNode }) {
  return (
    <div style={{ position: 'relative', height: 0, overflow: 'hidden' }}>
      <VisuallyHidden>{children}</VisuallyHidden>
    </div>
  );
}

/** One scale's row of a chart's values: its name as the row's header, then one cell per column. */
export interface ChartValuesRow {
  key: string;
  name: ReactNode;
  cells: ReactNode[];
}

/**
 * The hidden table of a chart's values ("{title}: values"): a column of scales, then the columns the chart has (a
 * profile's value and level, a trend's tests).
 */
export function ChartValuesTable({
  title,
  columns,
  rows,
}: {
  title: string;
  columns: { key: string | number; header: ReactNode }[];
  rows: ChartValuesRow[];
}) {
  const { t } = useStaffText();
  return (
    <HiddenValues>
      <Table>
        <caption>{t('chart.valuesCaption', { title })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('chart.scale')}</th>
            {columns.map((column) => (
              <th scope="col" key={column.key}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              <th scope="row">{row.name}</th>
              {row.cells.map((cell, index) => (
                <td key={index}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </Table>
    </HiddenValues>
  );
}
