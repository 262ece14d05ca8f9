import { afterAll, beforeAll } from 'vitest';
import { installJsdomShims } from './jsdom-shims';

/**
 * Setup file of the unit projects, run before every test file (vitest.config.ts). The `unit`
 * project shares one module cache and one jsdom window per worker across files
 * (`isolate: false`), so each jsdom file starts from what a fresh window would give it: the
 * same shims, empty storage, no rendered trees and no Mantine toasts left by an earlier file.
 * In the node environment it does nothing.
 */
if (typeof window !== 'undefined') {
  installJsdomShims();
  // Waits (findBy…, waitFor) wait on state, never on time: a loaded two-core machine renders
  // a Mantine table in more than the default second, so they may wait up to five.
  beforeAll(async () => {
    const { configure } = await import('@testing-library/react');
    configure({ asyncUtilTimeout: 5_000 });
  });
  beforeAll(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  afterAll(async () => {
    const [{ cleanup }, { notifications }] = await Promise.all([
      import('@testing-library/react'),
      import('@mantine/notifications'),
    ]);
    cleanup();
    notifications.clean();
  });
}
