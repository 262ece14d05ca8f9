// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import type { ColumnDef } from '@tanstack/react-table';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { DataTable, FIRST_ROWS, FixedDataTable } from './data-table';

afterEach(cleanup);

interface Item {
  id: string;
  name: string;
}

const columns: ColumnDef<Item>[] = [
  { id: 'name', header: 'Name', cell: ({ row }) => row.original.name },
];
const items = (n: number): Item[] =>
  Array.from({ length: n }, (_, i) => ({ id: `i${i}`, name: `Item ${i + 1}` }));

function renderTable(data: Item[]) {
  return renderWithProviders(
    <DataTable
      label="Items"
      columns={columns}
      data={data}
      getRowId={(item) => item.id}
      columnOrder={['name']}
      hiddenColumns={[]}
      sort={{ id: 'name', desc: false }}
      onSortChange={() => undefined}
      emptyText="No items."
    />,
  );
}

const bodyRows = () => screen.getAllByRole('row').slice(1);

describe('DataTable', () => {
  it('shows a long page in steps, busy until every row is there', async () => {
    renderTable(items(50));
    const table = screen.getByRole('table', { name: 'Items' });
    expect(bodyRows().length).toBeLessThanOrEqual(FIRST_ROWS);
    expect(table.getAttribute('aria-busy')).toBe('true');
    await waitFor(() => expect(bodyRows()).toHaveLength(50));
    await waitFor(() => expect(table.getAttribute('aria-busy')).toBe('false'));
    expect(bodyRows()[49]?.textContent).toBe('Item 50');
  });

  it('shows a short page at once, with plain cells carrying the column id', async () => {
    renderTable(items(3));
    await waitFor(() => expect(bodyRows()).toHaveLength(3));
    const cell = bodyRows()[0]?.querySelector('td');
    expect(cell?.getAttribute('data-column')).toBe('name');
    expect(screen.getByRole('table', { name: 'Items' }).getAttribute('aria-busy')).toBe('false');
  });
});

describe('FixedDataTable', () => {
  it('shows its columns in the declared order, none of them a sort button, rows as given', () => {
    renderWithProviders(
      <FixedDataTable
        label="Items"
        columns={[
          { id: 'name', header: 'Name', cell: ({ row }) => row.original.name },
          { id: 'id', header: 'Id', cell: ({ row }) => row.original.id },
        ]}
        data={[
          { id: 'b', name: 'Second' },
          { id: 'a', name: 'First' },
        ]}
        getRowId={(item: Item) => item.id}
        emptyText="No items."
      />,
    );
    const table = within(screen.getByRole('table', { name: 'Items' }));
    expect(table.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Name', 'Id']);
    expect(table.queryAllByRole('button')).toEqual([]);
    expect(
      table
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.textContent),
    ).toEqual(['Secondb', 'Firsta']);
  });
});
