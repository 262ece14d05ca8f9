import { describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { createCacheRegistry } from '../../plugins/cache.js';
import { createInProcessLiveBus } from '../../plugins/live-bus.js';
import type { NamedRow } from './devices.repository.js';
import { nameDirectory } from './name-directory.js';

const quiet = { info: () => undefined } as unknown as FastifyBaseLogger;

function setUp() {
  const caches = createCacheRegistry(createInProcessLiveBus(), quiet);
  const table = new Map([
    ['a', 'Aurora'],
    ['b', 'Baltic'],
  ]);
  const loads: string[][] = [];
  let hold: Promise<void> | null = null;
  const names = nameDirectory(caches, 'account', 'test names', 60_000, async (ids) => {
    loads.push([...ids]);
    const rows = ids.flatMap((id): NamedRow[] => {
      const name = table.get(id);
      return name === undefined ? [] : [{ id, name }];
    });
    // Read, then held: as a query whose answer arrives after a clear.
    await hold;
    return rows;
  });
  return {
    caches,
    table,
    loads,
    names,
    holdWith: (p: Promise<void> | null): void => {
      hold = p;
    },
  };
}

describe('the list name directory', () => {
  it('reads the names it does not keep in one query, each id once, nulls skipped', async () => {
    const { names, loads } = setUp();
    const first = await names(['a', 'b', 'a', null]);
    // Each name as the JSON string the answer writes, beyond ASCII escaped.
    expect([...first]).toEqual([
      ['a', '"Aurora"'],
      ['b', '"Baltic"'],
    ]);
    expect(loads).toEqual([['a', 'b']]);
    expect((await names(['b', 'a'])).get('b')).toBe('"Baltic"');
    expect(loads).toHaveLength(1);
  });

  it('writes a name beyond ASCII with \\u escapes (the answer stays one byte a character)', async () => {
    const { names, table } = setUp();
    table.set('n', 'Northwind Maritime – Pacific Fleet 🛰');
    const literal = (await names(['n'])).get('n')!;
    expect(literal).toBe('"Northwind Maritime \\u2013 Pacific Fleet \\ud83d\\udef0"');
    expect(JSON.parse(literal)).toBe('Northwind Maritime – Pacific Fleet 🛰');
  });

  it('leaves out an id without a name and asks for it again next time', async () => {
    const { names, loads } = setUp();
    expect((await names(['missing'])).has('missing')).toBe(false);
    await names(['missing']);
    expect(loads).toEqual([['missing'], ['missing']]);
  });

  it('reads a name again after the cache clear of its kind', async () => {
    const { names, loads, table, caches } = setUp();
    await names(['a']);
    table.set('a', 'Aurora Renamed');
    expect((await names(['a'])).get('a')).toBe('"Aurora"');
    await caches.clear('account');
    expect((await names(['a'])).get('a')).toBe('"Aurora Renamed"');
    expect(loads).toEqual([['a'], ['a']]);
  });

  it('does not keep a name read before a clear of its kind', async () => {
    const { names, loads, table, caches, holdWith } = setUp();
    let release!: () => void;
    holdWith(new Promise<void>((r) => (release = r)));
    const reading = names(['a']);
    table.set('a', 'Aurora Renamed');
    await caches.clear('account');
    release();
    // The page that asked gets what it read; the next one reads again.
    expect((await reading).get('a')).toBe('"Aurora"');
    holdWith(null);
    expect((await names(['a'])).get('a')).toBe('"Aurora Renamed"');
    expect(loads).toHaveLength(2);
  });
});
