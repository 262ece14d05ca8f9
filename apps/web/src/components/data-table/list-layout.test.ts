import type { ListSetting } from '@aerie/contract';
import { describe, expect, it } from 'vitest';
import {
  canHideColumn,
  moveColumn,
  resolveListLayout,
  setColumnHidden,
  toListSetting,
  withListSetting,
  withoutListSetting,
  type ListColumn,
} from './list-layout';

const columns: ListColumn[] = ['name', 'serial', 'kpc', 'account'].map((id) => ({
  id,
  label: id,
}));
const setting = (changes: Partial<ListSetting>): ListSetting => ({
  table: 'devices',
  pageSize: 25,
  hiddenColumns: [],
  reorderedColumns: [],
  ...changes,
});

describe('columns that cannot be hidden (spec 000 §5)', () => {
  it('keeps Serial on devices; Name, Account and Billed Account on remotes; KPC on subscriptions', () => {
    expect(canHideColumn('devices', 'serial')).toBe(false);
    expect(canHideColumn('devices', 'name')).toBe(true);
    expect(canHideColumn('remotes', 'name')).toBe(false);
    expect(canHideColumn('remotes', 'account')).toBe(false);
    expect(canHideColumn('remotes', 'billedAccount')).toBe(false);
    expect(canHideColumn('remotes', 'serial')).toBe(true);
    expect(canHideColumn('subscriptions', 'kpc')).toBe(false);
    expect(canHideColumn('subscriptions', 'name')).toBe(true);
  });

  it('refuses to hide one, and ignores it in a stored setting', () => {
    expect(setColumnHidden('devices', [], 'serial', true)).toEqual([]);
    expect(setColumnHidden('devices', [], 'kpc', true)).toEqual(['kpc']);
    expect(setColumnHidden('devices', ['kpc'], 'kpc', false)).toEqual([]);
    const layout = resolveListLayout(
      'devices',
      columns,
      setting({ hiddenColumns: ['serial', 'kpc'] }),
    );
    expect(layout.hidden).toEqual(['kpc']);
    expect(
      toListSetting('devices', columns, { pageSize: 50, order: [], hidden: ['serial'] })
        .hiddenColumns,
    ).toEqual([]);
  });
});

describe('resolveListLayout', () => {
  it('gives every column in the default order and the default page size without a setting', () => {
    expect(resolveListLayout('devices', columns, undefined)).toEqual({
      pageSize: 50,
      order: ['name', 'serial', 'kpc', 'account'],
      hidden: [],
    });
  });

  it('applies the saved order, page size and hidden columns', () => {
    expect(
      resolveListLayout(
        'devices',
        columns,
        setting({ reorderedColumns: ['account', 'name', 'serial', 'kpc'], hiddenColumns: ['kpc'] }),
      ),
    ).toEqual({ pageSize: 25, order: ['account', 'name', 'serial', 'kpc'], hidden: ['kpc'] });
  });

  it('drops columns the table no longer has and puts new ones after their default neighbour', () => {
    const layout = resolveListLayout(
      'devices',
      columns,
      setting({ reorderedColumns: ['gone', 'account', 'name'], hiddenColumns: ['gone'] }),
    );
    expect(layout.order).toEqual(['account', 'name', 'serial', 'kpc']);
    expect(layout.hidden).toEqual([]);
  });
});

describe('moveColumn', () => {
  const order = ['name', 'serial', 'kpc'];
  it('moves a column one place up or down', () => {
    expect(moveColumn(order, 'serial', -1)).toEqual(['serial', 'name', 'kpc']);
    expect(moveColumn(order, 'serial', 1)).toEqual(['name', 'kpc', 'serial']);
  });
  it('leaves the order alone at either end or for an unknown column', () => {
    expect(moveColumn(order, 'name', -1)).toEqual(order);
    expect(moveColumn(order, 'kpc', 1)).toEqual(order);
    expect(moveColumn(order, 'nope', 1)).toEqual(order);
  });
});

describe('toListSetting', () => {
  it('stores the default order as an empty list and a changed one in full', () => {
    const base = { pageSize: 10, hidden: [] };
    expect(
      toListSetting('devices', columns, { ...base, order: ['name', 'serial', 'kpc', 'account'] }),
    ).toEqual(setting({ pageSize: 10 }));
    expect(
      toListSetting('devices', columns, { ...base, order: ['serial', 'name', 'kpc', 'account'] })
        .reorderedColumns,
    ).toEqual(['serial', 'name', 'kpc', 'account']);
  });
});

describe('withListSetting / withoutListSetting', () => {
  it("replaces only this table's setting and keeps the others", () => {
    const others = [setting({ table: 'subscriptions' }), setting({ table: 'devices' })];
    const next = withListSetting(others, setting({ pageSize: 100 }));
    expect(next).toEqual([setting({ table: 'subscriptions' }), setting({ pageSize: 100 })]);
    expect(withoutListSetting(next, 'devices')).toEqual([setting({ table: 'subscriptions' })]);
  });
});
