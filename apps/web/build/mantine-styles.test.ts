import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkMantineStyles, importedSheets, readMantineSheets } from './mantine-styles';

const require = createRequire(import.meta.url);
const coreDir = path.dirname(require.resolve('@mantine/core/styles.css'));
const sheets = readMantineSheets(coreDir);
const classesOf = (name: string): string[] => sheets.find((s) => s.name === name)!.classes;
const listFile = path.join(import.meta.dirname, '../src/app/mantine-styles.css');

describe('the Mantine styles check', () => {
  it("reads Mantine's stylesheets with their classes and their place in styles.css", () => {
    expect(classesOf('Button').length).toBeGreaterThan(0);
    const order = (name: string) => sheets.find((s) => s.name === name)!.order;
    expect(order('baseline')).toBe(0);
    expect(order('UnstyledButton')).toBeGreaterThan(0);
    expect(order('UnstyledButton')).toBeLessThan(order('Button'));
  });

  it('passes a list that imports exactly what the code uses, in order', () => {
    const code = `const a = {root: "${classesOf('UnstyledButton')[0]}"}; const b = "${classesOf('Button')[0]}";`;
    const list = ['baseline', 'default-css-variables', 'global', 'UnstyledButton', 'Button'];
    expect(checkMantineStyles(sheets, list, code)).toEqual([]);
  });

  it('names a component in use without its stylesheet, and one imported for nothing', () => {
    const code = `"${classesOf('Button')[0]}"`;
    const list = ['baseline', 'default-css-variables', 'global', 'Tabs'];
    expect(checkMantineStyles(sheets, list, code)).toEqual([
      'Button.css is missing: the bundle uses its classes',
      'Tabs.css is imported but nothing in the bundle uses it',
    ]);
  });

  it("refuses the global sheets missing, unknown names and an order that is not Mantine's", () => {
    const code = `"${classesOf('Button')[0]}" "${classesOf('UnstyledButton')[0]}"`;
    const list = ['default-css-variables', 'global', 'Buton', 'Button', 'UnstyledButton'];
    expect(checkMantineStyles(sheets, list, code)).toEqual([
      "Buton.css is not one of Mantine's stylesheets",
      'baseline.css (global) is missing',
      "UnstyledButton.css must come before Button.css (Mantine's order)",
    ]);
  });

  it("reads the portal's list of imports", () => {
    const list = importedSheets(fs.readFileSync(listFile, 'utf8'));
    expect(list.slice(0, 3)).toEqual(['baseline', 'default-css-variables', 'global']);
    expect(list).toContain('AppShell');
  });
});
