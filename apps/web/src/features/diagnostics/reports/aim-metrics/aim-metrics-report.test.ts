import { describe, expect, it } from 'vitest';
import { inColumns, METRIC_CHECKBOX_COLUMN } from './aim-metrics-report';

describe('metric checkboxes', () => {
  it('stand in columns of 9, top to bottom', () => {
    const names = Array.from({ length: 20 }, (_, i) => `m${i}`);
    const columns = inColumns(names, METRIC_CHECKBOX_COLUMN);
    expect(columns.map((c) => c.length)).toEqual([9, 9, 2]);
    expect(columns[1]?.[0]).toBe('m9');
  });
});
