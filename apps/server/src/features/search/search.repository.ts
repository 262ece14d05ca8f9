import type pg from 'pg';
import type { SearchMatch } from '@aerie/contract';
import { containsPattern, prefixPattern } from '../../db/text-match.js';
import type { AccountScope } from '../../plugins/tenancy.js';

/**
 * How many rows each way of matching contributes before the best are chosen. A term common to
 * thousands of names ("site") is answered from the first candidates the trigram index gives,
 * not by sorting every match: the autocomplete shows ten, exact matches are always among the
 * candidates (they have a way of their own), and a longer term narrows the rest. The device
 * list's text filter shows every match.
 */
export const CANDIDATES_PER_WAY = 100;

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
export function createSearchRepository(pool: Pick<pg.Pool, 'query'>) {
  return {
    async devices(scope: AccountScope, term: string, take: number): Promise<DeviceSearchRow[]> {
      const { params, add } = parameters();
      const t = add(term);
      const contains = add(containsPattern(term));
      const prefix = add(prefixPattern(term));
      const inScope = scope.all ? '' : `and d.account_id = any(${add(scope.accountIds)}::uuid[])`;
      const live = `d.deleted_at is null ${inScope}`;
      const n = CANDIDATES_PER_WAY;
      const ways = [
        `(select d.id, 0 as way, 'name' as field, null::text as component_type, d.name as value
           from devices d where d.name ilike ${contains} and ${live} limit ${n})`,
        `(select d.id, 0, 'name', null, d.name
           from devices d where d.name_sort_key = natural_sort_key(${t}) and ${live} limit ${n})`,
        `(select d.id, 1, 'serial', null, d.serial
           from devices d where d.serial ilike ${contains} and ${live} limit ${n})`,
        `(select d.id, 1, 'serial', null, d.serial
           from devices d where d.serial in (${t}, upper(${t})) and ${live})`,
        `(select c.device_id, 2, 'component', c.type, c.serial
           from device_components c join devices d on d.id = c.device_id
           where c.serial ilike ${contains} and ${live} limit ${n})`,
        `(select c.device_id, 2, 'component', c.type, c.serial
           from device_components c join devices d on d.id = c.device_id
           where c.serial in (${t}, upper(${t})) and ${live} limit ${n})`,
      ];
      // A remote is the device's registration on the hub, keyed by the device's id (decision
      // 013): a full id finds it.
      if (UUID.test(term)) {
        ways.push(`(select d.id, 3, 'remoteId', null, d.id::text
           from devices d where d.id = ${add(term.toLowerCase())}::uuid and ${live})`);
      }
      const { rows } = await pool.query<DeviceSearchRow>(
        `with candidates as (${ways.join(' union all ')}),
         best as (
           select distinct on (id) id, way, field, component_type, value,
             case when lower(value) = lower(${t}) then 0
                  when value ilike ${prefix} then 1 else 2 end as closeness
           from candidates order by id, closeness, way
         )
         select b.id, d.name, b.field, b.component_type as "componentType", b.value
         from best b join devices d on d.id = b.id
         order by b.closeness, b.way, d.name_sort_key, d.id
         limit ${add(take)}`,
        params,
      );
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
      const { rows } = await pool.query<SubscriptionSearchRow>(
        `with candidates as (
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
         limit ${add(take)}`,
        params,
      );
      return rows;
    },
  };
}

export type SearchRepository = ReturnType<typeof createSearchRepository>;
