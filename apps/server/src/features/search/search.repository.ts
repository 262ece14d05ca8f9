import { createHash } from 'node:crypto';
import type pg from 'pg';
import type { SearchMatch } from '@aerie/contract';
import { containsPattern, prefixPattern } from '../../db/text-match.js';
import type { AccountScope } from '../../plugins/tenancy.js';

/**
 * How many rows each way of matching contributes before the best are chosen (three times the
 * autocomplete's ten). A term common to thousands of names ("van") is answered from the first
 * candidates the trigram index gives,
 * not by sorting every match: the autocomplete shows ten, exact matches are always among the
 * candidates (they have a way of their own), and a longer term narrows the rest. The device
 * list's text filter shows every match.
 */
export const CANDIDATES_PER_WAY = 30;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface DeviceSearchRow {
  id: string;
  name: string;
  field: 'name' | SearchMatch['field'];
  componentType: string | null;
  value: string;
}

export interface SubscriptionSearchRow {
  id: string;
  name: string;
  subscriptionNumber: string | null;
}

/** Collects positional parameters while a statement is built. */
function parameters() {
  const params: unknown[] = [];
  const add = (value: unknown): string => {
    params.push(value);
    return `$${params.length}`;
  };
  return { params, add };
}

/**
 * The candidates are ranked by how closely the matched value fits the term (equal, starts
 * with it, contains it), then by which way matched (the list below, name first), then in the
 * names' natural order. Each way is a query of its own, so each uses its index: the trigram
 * indexes for "contains", the unique and b-tree indexes for "equals".
 */
export function createSearchRepository(
  pool: Pick<pg.Pool, 'query'>,
  { preparedStatements = false }: { preparedStatements?: boolean } = {},
) {
  /**
   * On PostgreSQL each statement is prepared once per connection: after five runs PostgreSQL
   * keeps a generic plan (the trigram indexes for every "contains"), and a search costs no
   * planning (1.3 ms of the 2.6 ms a common term took; docs/performance.md). Each way's limit
   * bounds the work whatever the term. PGlite is one session the pool's clients share, which
   * forgets what a client prepared.
   */
  const statement = (text: string, values: unknown[]) =>
    preparedStatements
      ? { name: `search_${createHash('sha1').update(text).digest('hex')}`, text, values }
      : { text, values };
  return {
    async devices(scope: AccountScope, term: string, take: number): Promise<DeviceSearchRow[]> {
      const { params, add } = parameters();
      const t = add(term);
      const contains = add(containsPattern(term));
      const prefix = add(prefixPattern(term));
      // A remote is the device's registration on the hub, keyed by the device's id (decision
      // 013): a full id finds it. Null (no row) for any other term, so the statement is one.
      const remote = add(UUID.test(term) ? term.toLowerCase() : null);
      const inScope = scope.all ? '' : `and d.account_id = any(${add(scope.accountIds)}::uuid[])`;
      const live = `d.deleted_at is null ${inScope}`;
      const n = CANDIDATES_PER_WAY;
      const row = 'd.id, d.name, d.name_sort_key';
      const text = `with candidates as (
           (select ${row}, 0 as way, 'name' as field, null::text as component_type, d.name as value
             from devices d where d.name ilike ${contains} and ${live} limit ${n})
           union all
           (select ${row}, 0, 'name', null, d.name
             from devices d where d.name_sort_key = natural_sort_key(${t}) and ${live} limit ${n})
           union all
           (select ${row}, 1, 'serial', null, d.serial
             from devices d where d.serial ilike ${contains} and ${live} limit ${n})
           union all
           (select ${row}, 1, 'serial', null, d.serial
             from devices d where d.serial in (${t}, upper(${t})) and ${live})
           union all
           (select ${row}, 2, 'component', c.type, c.serial
             from device_components c join devices d on d.id = c.device_id
             where c.serial ilike ${contains} and ${live} limit ${n})
           union all
           (select ${row}, 2, 'component', c.type, c.serial
             from device_components c join devices d on d.id = c.device_id
             where c.serial in (${t}, upper(${t})) and ${live} limit ${n})
           union all
           (select ${row}, 3, 'remoteId', null, d.id::text
             from devices d where d.id = ${remote}::uuid and ${live})
         ),
         best as (
           select distinct on (id) id, name, name_sort_key, way, field, component_type, value,
             case when lower(value) = lower(${t}) then 0
                  when value ilike ${prefix} then 1 else 2 end as closeness
           from candidates order by id, closeness, way
         )
         select id, name, field, component_type as "componentType", value from best
         order by closeness, way, name_sort_key, id
         limit ${add(take)}`;
      const { rows } = await pool.query<DeviceSearchRow>(statement(text, params));
      return rows;
    },

    async subscriptions(
      scope: AccountScope,
      term: string,
      take: number,
    ): Promise<SubscriptionSearchRow[]> {
      const { params, add } = parameters();
      const t = add(term);
      const contains = add(containsPattern(term));
      const prefix = add(prefixPattern(term));
      const inScope = scope.all ? 'true' : `s.account_id = any(${add(scope.accountIds)}::uuid[])`;
      const n = CANDIDATES_PER_WAY;
      const text = `with candidates as (
           (select s.id, 0 as way, s.subscription_number as value from subscriptions s
             where s.subscription_number ilike ${contains} and ${inScope} limit ${n})
           union all
           (select s.id, 0, s.subscription_number from subscriptions s
             where s.subscription_number in (${t}, upper(${t})) and ${inScope} limit ${n})
           union all
           (select s.id, 1, s.description from subscriptions s
             where s.description ilike ${contains} and ${inScope} limit ${n})
         ),
         best as (
           select distinct on (id) id, way,
             case when lower(value) = lower(${t}) then 0
                  when value ilike ${prefix} then 1 else 2 end as closeness
           from candidates order by id, closeness, way
         )
         select s.id, s.description as name, s.subscription_number as "subscriptionNumber"
         from best b join subscriptions s on s.id = b.id
         order by b.closeness, b.way, natural_sort_key(s.description), s.id
         limit ${add(take)}`;
      const { rows } = await pool.query<SubscriptionSearchRow>(statement(text, params));
      return rows;
    },
  };
}

export type SearchRepository = ReturnType<typeof createSearchRepository>;
