// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { ColumnEditor } from './column-editor';
import { defaultListLayout, type ListColumn, type ListLayout } from './list-layout';

afterEach(cleanup);

const columns: ListColumn[] = [
  { id: 'name', label: 'Name' },
  { id: 'serial', label: 'Serial' },
  { id: 'kpc', label: 'KPC' },
];

function Harness({ onChange }: { onChange: (layout: ListLayout) => void }) {
  const [layout, setLayout] = useState(defaultListLayout(columns));
  return (
    <ColumnEditor
      table="devices"
      title="Devices"
      columns={columns}
      layout={layout}
      onChange={(next) => {
        setLayout(next);
        onChange(next);
      }}
      onReset={() => undefined}
    />
  );
}

const rowNames = () =>
  within(screen.getByRole('list'))
    .getAllByRole('listitem')
    .map((row) => row.getAttribute('data-column'));

describe('ColumnEditor', () => {
  it('lets Serial on devices not be hidden, and explains why', () => {
    renderWithProviders(<Harness onChange={() => undefined} />);
    const serial = screen.getByRole('checkbox', { name: 'Show Serial' });
    expect((serial as HTMLInputElement).disabled).toBe(true);
    expect((serial as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText('Always shown')).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Show KPC' }).disabled).toBe(
      false,
    );
  });

  it('hides and shows a column', () => {
    const onChange = vi.fn();
    renderWithProviders(<Harness onChange={onChange} />);
    const kpc = screen.getByRole('checkbox', { name: 'Show KPC' });
    fireEvent.click(kpc);
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ hidden: ['kpc'] }));
    fireEvent.click(kpc);
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ hidden: [] }));
  });

  it('moves columns with the Up and Down buttons, disabled at the ends', () => {
    const onChange = vi.fn();
    renderWithProviders(<Harness onChange={onChange} />);
    const up = (label: string) => screen.getByRole('button', { name: `Move ${label} up` });
    const down = (label: string) => screen.getByRole('button', { name: `Move ${label} down` });
    expect((up('Name') as HTMLButtonElement).disabled).toBe(true);
    expect((down('KPC') as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(up('KPC'));
    expect(rowNames()).toEqual(['name', 'kpc', 'serial']);
    fireEvent.click(up('KPC'));
    expect(rowNames()).toEqual(['kpc', 'name', 'serial']);
    expect(onChange).toHaveBeenLastCalledWith(
      expect.objectContaining({ order: ['kpc', 'name', 'serial'] }),
    );
    expect(screen.getByText('KPC moved to position 1 of 3.')).toBeTruthy();
    // At the top its Up button is disabled: focus moves to its Down button.
    expect(document.activeElement).toBe(down('KPC'));

    fireEvent.click(down('Name'));
    expect(rowNames()).toEqual(['kpc', 'serial', 'name']);
  });

  it('changes the page size', () => {
    const onChange = vi.fn();
    renderWithProviders(<Harness onChange={onChange} />);
    fireEvent.click(screen.getByRole('combobox', { name: 'Page size' }));
    fireEvent.click(screen.getByRole('option', { name: '25', hidden: true }));
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ pageSize: 25 }));
  });
});
