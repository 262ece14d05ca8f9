import { describe, expect, it } from 'vitest';
import { createStatements, isCommonPage } from './page-sql.js';

describe('prepared list statements', () => {
  it('names a text once, by its hash, and reuses the name', () => {
    const statement = createStatements();
    const first = statement('devices_page', 'select 1', []);
    expect(first.name).toMatch(/^devices_page_[0-9a-f]{40}$/);
    expect(statement('devices_page', 'select 1', [1]).name).toBe(first.name);
    expect(statement('devices_page', 'select 2', []).name).not.toBe(first.name);
  });

  it('plans texts per call once the process has prepared its bound of texts', () => {
    const statement = createStatements(2);
    expect(statement('p', 'select 1', []).name).toBeDefined();
    expect(statement('p', 'select 2', []).name).toBeDefined();
    const third = statement('p', 'select 3', [7]);
    expect(third).toEqual({ text: 'select 3', values: [7] });
    // The texts prepared before the bound stay prepared.
    expect(statement('p', 'select 1', []).name).toBeDefined();
  });

  it('counts the first ten pages at the portal page sizes as common', () => {
    expect(isCommonPage({ take: 50, skip: 450 })).toBe(true);
    expect(isCommonPage({ take: 50, skip: 500 })).toBe(false);
    expect(isCommonPage({ take: 37, skip: 0 })).toBe(false);
    expect(isCommonPage({ take: 50, skip: 25 })).toBe(false);
  });
});
