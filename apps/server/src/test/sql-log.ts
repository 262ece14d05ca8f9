import fs from 'node:fs';
import pg from 'pg';

/**
 * With SQL_LOG_FILE set, every distinct SQL statement the API tests send (through any pg client:
 * PostgreSQL's or the PGlite bridge's) is appended to that file once per process, so two runs
 * can be compared: `node scripts/sql-coverage.mjs` shows which statements of the full suite on
 * PostgreSQL the storage suite did not run on PGlite (docs/testing.md). Off otherwise.
 */
const file = process.env['SQL_LOG_FILE'];
const PATCHED = Symbol.for('aerie.sqlLog');

/**
 * One line per statement: whitespace collapsed, parameter lists folded to one `$n` and the rows
 * of a multi-row insert to one.
 */
export function normalizeSql(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .replace(/\$\d+(\s*,\s*\$\d+)*/g, '$n')
    .replace(/\(\$n\)(\s*,\s*\(\$n\))+/g, '($n)')
    .trim();
}

if (file) {
  const proto = pg.Client.prototype as unknown as Record<symbol, boolean> & {
    query: (...args: unknown[]) => unknown;
  };
  if (!proto[PATCHED]) {
    proto[PATCHED] = true;
    const seen = new Set<string>();
    const original = proto.query;
    proto.query = function (this: unknown, ...args: unknown[]) {
      const first = args[0];
      const text =
        typeof first === 'string'
          ? first
          : first && typeof first === 'object' && 'text' in first
            ? String(first.text)
            : null;
      if (text) {
        const line = normalizeSql(text);
        if (!seen.has(line)) {
          seen.add(line);
          fs.appendFileSync(file, `${line}\n`);
        }
      }
      return original.apply(this, args);
    };
  }
}
