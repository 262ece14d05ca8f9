// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory, createRouter } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { routeTree } from './router';

async function matchesAt(path: string) {
  const router = createRouter({
    routeTree,
    context: { queryClient: new QueryClient() },
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  await router.load();
  return router.state.matches;
}

describe('routeTree', () => {
  it("validates the jobs list's search, each value falling back on its own", async () => {
    const matches = await matchesAt('/jobs?page=abc&pageSize=50&other=x');
    const jobs = matches.find((match) => match.fullPath === '/jobs');
    // An invalid page stays out of the search (the list reads it as page 1).
    expect(jobs?.search).toEqual({ page: undefined, pageSize: 50, other: 'x' });
  });

  it("hands the list's validated search to a job's detail route", async () => {
    const matches = await matchesAt('/jobs/7b2c1d0e?page=3&pageSize=5000');
    expect(matches.at(-1)?.fullPath).toBe('/jobs/$id');
    // A size the pager does not offer stays out of the search (the list reads the default).
    expect(matches.at(-1)?.search).toEqual({ page: 3, pageSize: undefined });
  });
});
