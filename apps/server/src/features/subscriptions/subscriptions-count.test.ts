import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Principal } from '../../plugins/auth.js';
import { createCacheRegistry, type CacheRegistry } from '../../plugins/cache.js';
import { createInProcessLiveBus } from '../../plugins/live-bus.js';
import { authorizeOver } from '../../test/service-fakes.js';
import type { SubscriptionsRepository } from './subscriptions.repository.js';
import { createSubscriptionsService } from './subscriptions.service.js';

const staff: Principal = { userId: 'u', accountId: 'a', role: 'superUser', apiClientId: null };
const admin: Principal = { ...staff, role: 'accountAdmin' };
const NORTHWIND = '2f0c1a7e-5d0b-4c39-9a51-7a3f0f1b2c3d';
const authorize = authorizeOver([NORTHWIND]);
const quiet = { info: () => undefined } as unknown as FastifyBaseLogger;

let caches: CacheRegistry | undefined;
afterEach(() => caches?.close());

/** The service over a repository that counts its counts. */
function setUp() {
  caches = createCacheRegistry(createInProcessLiveBus(), quiet);
  const count = vi.fn(async () => 120);
  const repo = { page: async () => [], count } as unknown as SubscriptionsRepository;
  return { service: createSubscriptionsService(repo, authorize, caches), count, caches };
}

describe('the subscriptions list count', () => {
  it('is counted once for every page, sort and choice of fields of one list', async () => {
    const { service, count } = setUp();
    expect((await service.list(staff, { skip: 0, take: 50 })).count).toBe(120);
    await service.list(staff, { skip: 50, take: 50 });
    await service.list(staff, { skip: 0, take: 10, sortField: 'Description', fields: 'Id' });
    await service.listV21(staff, { from: 100, take: 50, sortDirection: 'DESC' });
    expect(count).toHaveBeenCalledTimes(1);
  });

  it('is counted again for another scope, filter or text', async () => {
    const { service, count } = setUp();
    await service.list(staff, { skip: 0, take: 50 });
    await service.list(admin, { skip: 0, take: 50 });
    await service.list(staff, { skip: 0, take: 50, filters: `AccountId:${NORTHWIND}` });
    await service.list(staff, { skip: 0, take: 50, filters: 'EndDate:[0 1000]' });
    await service.list(staff, { skip: 0, take: 50, query: 'SUB-1' });
    await service.list(staff, { skip: 0, take: 50, filters: 'Usage:Over80' });
    await service.list(staff, { skip: 0, take: 50, filters: 'Usage:Over100' });
    expect(count).toHaveBeenCalledTimes(7);
    await service.list(admin, { skip: 50, take: 50 });
    await service.list(staff, { skip: 50, take: 50, query: ' SUB-1 ' });
    await service.list(staff, { skip: 50, take: 50, filters: 'usage:over80' });
    expect(count).toHaveBeenCalledTimes(7);
  });

  it('shares one count among concurrent requests', async () => {
    const { service, count } = setUp();
    await Promise.all([0, 50, 100].map((skip) => service.list(staff, { skip, take: 50 })));
    expect(count).toHaveBeenCalledTimes(1);
  });

  it('is counted again once the subscription cache is cleared', async () => {
    const { service, count, caches } = setUp();
    await service.list(staff, { skip: 0, take: 50 });
    await caches.clear('subscription');
    await service.list(staff, { skip: 50, take: 50 });
    expect(count).toHaveBeenCalledTimes(2);
  });

  it('is counted again after a few seconds', async () => {
    vi.useFakeTimers();
    try {
      const { service, count } = setUp();
      await service.list(staff, { skip: 0, take: 50 });
      vi.advanceTimersByTime(10_001);
      await service.list(staff, { skip: 50, take: 50 });
      expect(count).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
