import type { Job, JobList } from '@aerie/contract';
import { randomUUID } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { apiAsUser } from './support/api.js';
import { expectNoSeriousAxeViolations } from './support/axe.js';
import { expectVisible } from './support/auth.js';
import { baseUrl, screenshot, useBrowser } from './support/browser.js';
import { navigationLinkNames, signInAsRole, waitForShell } from './support/shell.js';

const session = useBrowser();
const signInAs = (role: 'superUser' | 'credentialed') => signInAsRole(session.page, role);

/** Opens /jobs, or a job's address (its detail pane, which covers the list until closed). */
async function openJobs(path = '/jobs'): Promise<void> {
  const { page } = session;
  await page.goto(`${baseUrl()}${path}`);
  await waitForShell(page);
  if (path === '/jobs') {
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Active Jobs' }), 'the title');
  } else {
    await expectVisible(page.getByTestId('detail-pane'), 'the detail pane');
  }
}

describe('active jobs and job detail', () => {
  test('Super User sees the active jobs (or the empty text) and opens one', async () => {
    const { page } = session;
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInAs('superUser');
    // In the navigation (issue 13), although spec 000 §2.3 lists no Jobs link.
    expect(await navigationLinkNames(page)).toContain('Jobs');
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Jobs' })
      .click();
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Active Jobs' }), 'the title');
    const table = page.getByRole('table', { name: 'Active jobs' });
    await expectVisible(table, 'the jobs table');
    expect(await table.getByRole('columnheader').allInnerTexts()).toEqual([
      'Id',
      'Created On (UTC)',
      'Status',
    ]);
    const active = await apiAsUser<JobList>(page, '/v2/jobs?take=10');
    if (active.total === 0) {
      await expectVisible(page.getByText('No active jobs were found.'), 'the empty text');
      await screenshot(page, 'jobs-empty');
      await expectNoSeriousAxeViolations(page);
      return;
    }
    // Another test file may have left a job running: the list shows it and its detail opens.
    const first = active.items[0]!;
    await screenshot(page, 'jobs-list');
    await expectNoSeriousAxeViolations(page);
    await table.getByRole('link', { name: first.id }).click();
    await expectVisible(page.getByTestId('job-json'), 'the job JSON');
    const job = await apiAsUser<Job>(page, `/v2/jobs/${first.id}`);
    expect(await page.getByTestId('job-json').innerText()).toContain(`"kind": "${job.kind}"`);
    await screenshot(page, 'job-detail');
    await expectNoSeriousAxeViolations(page);
  });

  test("a job that does not exist shows 'Job not found.'; closing returns to /jobs", async () => {
    const { page } = session;
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInAs('superUser');
    await openJobs(`/jobs/${randomUUID()}`);
    const pane = page.getByTestId('detail-pane');
    await expectVisible(pane.getByText('Job not found.'), 'the not-found text');
    await page.waitForFunction(() => document.title.startsWith('Job Detail'), undefined, {
      timeout: 10_000,
    });
    await screenshot(page, 'job-not-found');
    await expectNoSeriousAxeViolations(page);
    await pane.getByRole('button', { name: 'Close detail' }).click();
    await page.waitForURL(/\/jobs$/, { timeout: 10_000 });
    // The pane leaves with the route's next render, which may follow the address change.
    await pane.waitFor({ state: 'detached', timeout: 10_000 });
    await expectVisible(page.getByRole('table', { name: 'Active jobs' }), 'the list again');
    // A malformed id names no job either.
    await openJobs('/jobs/not-a-job');
    await expectVisible(page.getByText('Job not found.'), 'the not-found text');
  });

  test('a Credentialed user opens the jobs page too (any signed-in user)', async () => {
    const { page } = session;
    await page.setViewportSize({ width: 1280, height: 800 });
    await signInAs('credentialed');
    await openJobs();
    await expectVisible(page.getByRole('table', { name: 'Active jobs' }), 'the jobs table');
    expect(new URL(page.url()).pathname).toBe('/jobs');
    await screenshot(page, 'jobs-credentialed');
  });
});
