import { createHash } from 'node:crypto';
import type pg from 'pg';
import { PAGE_SIZE_OPTIONS } from '@aerie/contract';

/**
 * A timestamptz as `Date.prototype.toISOString()` writes it (UTC, milliseconds, `Z`): a list
 * skips parsing each timestamp into a Date and formatting it again (decision 019).
 */
export const isoText = (column: string) =>
  `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The list pages most asked for, which a repository may run as prepared statements (decision
 * 019): the first ten at the portal's page sizes. The bound keeps the statements a connection
 * holds to a few hundred at most (a client cannot create one per `skip`).
 */
export function isCommonPage(q: { take: number; skip: number }): boolean {
  return (
    (PAGE_SIZE_OPTIONS as readonly number[]).includes(q.take) &&
    q.skip % q.take === 0 &&
    q.skip < 10 * q.take
  );
}

/** A prepared statement's name per query text (PostgreSQL keeps 63 bytes of a name). */
export function preparedName(prefix: string, text: string): string {
  return `${prefix}_${createHash('sha1').update(text).digest('hex')}`;
}

/**
 * The most statements one process prepares: every connection of the pool may end up holding
 * each of them, so a caller who varies what it asks for (fields, sorts) cannot make the
 * connections keep an unbounded number of plans. Past the bound a query is planned per call.
 */
export const MAX_PREPARED_STATEMENTS = 512;

/**
 * The query config of `text`, prepared under a name of its own while the process has prepared
 * fewer than {@link MAX_PREPARED_STATEMENTS} texts (only where its generic plan suits every
 * value of its parameters), else planned per call.
 */
export function createStatements(max = MAX_PREPARED_STATEMENTS) {
  const names = new Map<string, string>();
  return (prefix: string, text: string, values: unknown[]): pg.QueryConfig => {
    let name = names.get(text);
    if (name === undefined && names.size < max) {
      name = preparedName(prefix, text);
      names.set(text, name);
    }
    return name === undefined ? { text, values } : { name, text, values };
  };
}
