import { describe, expect, it } from 'vitest';
import { collectPages, definePages, type PageDeclaration } from './pages';

const page = (): PageDeclaration => ({ component: () => null });

describe('collectPages', () => {
  it("gathers every feature's pages by route name", () => {
    const home = page();
    const jobs = page();
    const pages = collectPages([definePages({ home }), definePages({ jobs, jobDetail: page() })]);
    expect([...pages.keys()]).toEqual(['home', 'jobs', 'jobDetail']);
    expect(pages.get('home')).toBe(home);
    expect(pages.get('jobs')).toBe(jobs);
  });

  it('rejects two features declaring a page for the same route', () => {
    expect(() =>
      collectPages([definePages({ home: page() }), definePages({ home: page() })]),
    ).toThrow('two features declare a page for the route home');
  });
});
