import { Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** The one row of a table with nothing to list ('No events'), across all its columns. */
export function EmptyTableRow({ columns, children }: { columns: number; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Td colSpan={columns}>
        <Text c="dimmed" ta="center" py="md">
          {children}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}
