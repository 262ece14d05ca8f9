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
  it("serves a feature's public page outside the signed-in layout, a signed-in page inside it", async () => {
    expect((await matchesAt('/maintenance')).map((match) => String(match.routeId))).toEqual([
      '__root__',
      '/maintenance',
    ]);
    expect((await matchesAt('/health')).map((match) => String(match.routeId))).toEqual([
      '__root__',
      '/protected',
      '/protected/health',
    ]);
  });

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

  it("validates the devices list's search: defaults and invalid values stay out", async () => {
    const matches = await matchesAt(
      '/devices?q=%2212345%22&satellite=maybe&sort=name&dir=asc&page=1&pageSize=50&other=x',
    );
    const devices = matches.find((match) => match.fullPath === '/devices');
    // A size the pager offers stays, even the default one: it overrides the user's saved size.
    expect(devices?.search).toEqual({
      q: 12345,
      satellite: undefined,
      sort: undefined,
      dir: undefined,
      page: undefined,
      pageSize: 50,
      other: 'x',
    });
  });

  it("hands the device list's validated search to a device's detail route", async () => {
    const matches = await matchesAt(
      '/devices/2f0c9a3e-7a55-4c1e-9a11-5a1b2c3d4e5f/overview?sort=serial&page=3&pageSize=33',
    );
    expect(matches.at(-1)?.fullPath).toBe('/devices/$id/overview');
    expect(matches.at(-1)?.search).toEqual({
      sort: 'serial',
      dir: 'asc',
      page: 3,
      pageSize: undefined,
    });
  });
});

describe('the Resources redirects (spec 000 §2.1, spec 002)', () => {
  async function landing(path: string) {
    const router = createRouter({
      routeTree,
      context: { queryClient: new QueryClient() },
      history: createMemoryHistory({ initialEntries: [path] }),
    });
    await router.load();
    return router.state.location;
  }

  it('sends /documentation and below to /resources, /software and below to the SOFTWARE topic', async () => {
    expect((await landing('/documentation/anything/here')).pathname).toBe('/resources');
    const software = await landing('/software/whatever');
    expect(software.pathname).toBe('/resources/topic');
    expect(software.search).toEqual({ rootDir: '/documents/SOFTWARE' });
  });

  it("sends /software/download?path= to the file's download page in the software container", async () => {
    const page = await landing(
      '/software/download?path=HAWK%20u8%2F5.3.0%2Fhawk-u8-firmware-5.3.0.swu',
    );
    expect(page.pathname).toBe('/resources/download');
    expect(page.search).toEqual({
      path: '/software-downloads/HAWK u8/5.3.0/hawk-u8-firmware-5.3.0.swu',
    });
    const full = await landing('/software/download?path=%2Fsoftware-downloads%2FTools%2Fa.zip');
    expect(full.search).toEqual({ path: '/software-downloads/Tools/a.zip' });
  });
});
