import { describe, expect, it } from 'vitest';
import { addRecentItem, addRecentResult, addSearchTerm } from './recent.rules.js';

describe('search history', () => {
  it('puts a new term first', () => {
    expect(addSearchTerm(['b', 'a'], 'c')).toEqual(['c', 'b', 'a']);
  });

  it('moves a repeated term to the front instead of keeping two', () => {
    expect(addSearchTerm(['c', 'b', 'a'], 'a')).toEqual(['a', 'c', 'b']);
  });

  it('treats terms differing only in case or spaces as the same, keeping the new spelling', () => {
    expect(addSearchTerm(['Modem', 'x'], '  modem ')).toEqual(['modem', 'x']);
  });

  it('keeps at most 5 terms, dropping the oldest', () => {
    expect(addSearchTerm(['5', '4', '3', '2', '1'], '6')).toEqual(['6', '5', '4', '3', '2']);
  });
});

describe('recent results', () => {
  const r = (id: string, type: 'device' | 'doc' = 'device') => ({ type, id, name: `n${id}` });

  it('keeps at most 5, newest first', () => {
    const list = ['5', '4', '3', '2', '1'].map((id) => r(id));
    expect(addRecentResult(list, r('6')).map((x) => x.id)).toEqual(['6', '5', '4', '3', '2']);
  });

  it('moves the same item to the front with its new name', () => {
    const next = addRecentResult([r('1'), r('2')], { type: 'device', id: '2', name: 'renamed' });
    expect(next).toEqual([{ type: 'device', id: '2', name: 'renamed' }, r('1')]);
  });

  it('treats the same id of another type as another item', () => {
    expect(addRecentResult([r('1')], r('1', 'doc'))).toHaveLength(2);
  });
});

describe('recent items', () => {
  const item = (id: string, ts: number) => ({ id, name: `n${id}`, ts });

  it('updates the time and name of an item seen again', () => {
    const next = addRecentItem([item('a', 1), item('b', 2)], { id: 'a', name: 'A2' }, 10);
    expect(next).toEqual([{ id: 'a', name: 'A2', ts: 10 }, item('b', 2)]);
  });

  it('drops the oldest by timestamp past 10, whatever the stored order', () => {
    const ten = Array.from({ length: 10 }, (_, i) => item(`i${i}`, 100 + ((i * 7) % 10)));
    const oldest = ten.reduce((a, b) => (a.ts < b.ts ? a : b));
    const next = addRecentItem(ten, { id: 'new', name: 'new' }, 1000);
    expect(next).toHaveLength(10);
    expect(next[0]!.id).toBe('new');
    expect(next.map((i) => i.id)).not.toContain(oldest.id);
  });

  it('keeps items sorted newest first', () => {
    const next = addRecentItem([item('a', 5), item('b', 9)], { id: 'c', name: 'c' }, 7);
    expect(next.map((i) => i.ts)).toEqual([9, 7, 5]);
  });
});
