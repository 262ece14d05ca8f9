import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * The portal imports Mantine's styles per component (src/app/mantine-styles.css), not the
 * whole of `@mantine/core/styles.css` (issue 13: 170 KB instead of 295 KB of CSS on every first
 * load). This check keeps that list true: a component whose classes the bundle uses must have
 * its stylesheet imported, a stylesheet nothing uses must go, and the order must be Mantine's
 * own (a component after the ones it is built on; equal selectors win by order).
 */

/** Stylesheets without component classes that are always needed. */
const GLOBAL_SHEETS = ['baseline', 'default-css-variables', 'global'];

export interface MantineSheet {
  /** The stylesheet's name under `@mantine/core/styles/`, without `.css`. */
  name: string;
  /** Its hashed class names (`m_1b7284a3`). */
  classes: string[];
  /** Where it starts in Mantine's full styles.css (its place in the order). */
  order: number;
}

/** Reads Mantine's per-component stylesheets (not the `.layer.css` copies). */
export function readMantineSheets(coreDir: string): MantineSheet[] {
  const stylesDir = path.join(coreDir, 'styles');
  const full = fs.readFileSync(path.join(coreDir, 'styles.css'), 'utf8');
  const sheets: MantineSheet[] = [];
  for (const file of fs.readdirSync(stylesDir)) {
    if (!file.endsWith('.css') || file.endsWith('.layer.css')) continue;
    const css = fs.readFileSync(path.join(stylesDir, file), 'utf8');
    const classes = [...new Set(Array.from(css.matchAll(/\.(m_[0-9a-f]{8})\b/g), (m) => m[1]!))];
    sheets.push({
      name: file.slice(0, -'.css'.length),
      classes,
      order: full.indexOf(css.trim().slice(0, 200)),
    });
  }
  return sheets;
}

/** The sheets an `@import '@mantine/core/styles/X.css';` list names, in its order. */
export function importedSheets(css: string): string[] {
  return Array.from(
    css.matchAll(/@import\s+['"]@mantine\/core\/styles\/([\w-]+)\.css['"]/g),
    (m) => m[1]!,
  );
}

/** What is wrong with the imported list for this bundle's code; empty when nothing is. */
export function checkMantineStyles(
  sheets: MantineSheet[],
  imported: string[],
  bundledCode: string,
): string[] {
  const problems: string[] = [];
  const byName = new Map(sheets.map((sheet) => [sheet.name, sheet]));
  for (const name of imported) {
    if (!byName.has(name)) problems.push(`${name}.css is not one of Mantine's stylesheets`);
  }
  for (const sheet of sheets) {
    if (GLOBAL_SHEETS.includes(sheet.name)) {
      if (!imported.includes(sheet.name)) problems.push(`${sheet.name}.css (global) is missing`);
      continue;
    }
    const used = sheet.classes.length > 0 && sheet.classes.some((c) => bundledCode.includes(c));
    if (used && !imported.includes(sheet.name)) {
      problems.push(`${sheet.name}.css is missing: the bundle uses its classes`);
    } else if (!used && imported.includes(sheet.name)) {
      problems.push(`${sheet.name}.css is imported but nothing in the bundle uses it`);
    }
  }
  const known = imported.filter((name) => byName.has(name));
  for (let i = 1; i < known.length; i += 1) {
    const before = byName.get(known[i - 1]!)!;
    const after = byName.get(known[i]!)!;
    if (after.order < before.order) {
      problems.push(`${after.name}.css must come before ${before.name}.css (Mantine's order)`);
    }
  }
  return problems;
}

/** Fails the production build when `listFile` does not match what the bundle uses. */
export function mantineStylesCheck(options: { listFile: string; coreDir: string }): Plugin {
  return {
    name: 'aerie-mantine-styles-check',
    apply: 'build',
    generateBundle(_output, bundle) {
      const code = Object.values(bundle)
        .map((item) => (item.type === 'chunk' ? item.code : ''))
        .join('\n');
      const problems = checkMantineStyles(
        readMantineSheets(options.coreDir),
        importedSheets(fs.readFileSync(options.listFile, 'utf8')),
        code,
      );
      if (problems.length > 0) {
        this.error(
          `${path.basename(options.listFile)} does not match the components in use:\n  ` +
            problems.join('\n  '),
        );
      }
    },
  };
}
