// @vitest-environment jsdom
import { type JobList as JobListResponse, jobsEndpoints } from '@aerie/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { apiAnswer, apiHandler, setupApiServer } from '../../../test/api-server';
import { renderWithProviders } from '../../../test/render';
import { JobList } from './job-list';

afterEach(cleanup);

const ACCOUNT = '6f1e2d3c-4b5a-4978-8a6b-5c4d3e2f1a00';
const JOB = '7b2c1d0e-9f8a-4b7c-8d6e-5f4a3b2c1d0e';
const page: JobListResponse = {
  total: 60,
  items: [
    {
      id: JOB,
      kind: 'syncToHub',
      status: 'Running',
      accountId: ACCOUNT,
      deviceId: '2f0c9a3e-7a55-4c1e-9a11-5a1b2c3d4e5f',
      // An offset: the list shows the time in UTC.
      createdOn: '2026-11-22T23:15:07.123+02:00',
      progress: 0.42,
    },
    {
      id: '8c3d2e1f-0a9b-4c8d-9e7f-6a5b4c3d2e1f',
      kind: 'updateSoftware',
      status: 'Queued',
      accountId: ACCOUNT,
      deviceId: null,
      createdOn: '2026-11-22T20:00:00Z',
      progress: null,
    },
  ],
};

const server = setupApiServer(apiAnswer(jobsEndpoints.list, page));
const requests = () => server.requests().map((request) => request.url.searchParams);

describe('JobList', () => {
  it('shows id, createdOn in UTC and status, 25 newest first, with the total', async () => {
    renderWithProviders(<JobList />, { path: '/jobs' });
    const table = await screen.findByRole('table', { name: 'Active jobs' });
    await within(table).findByText('2026-11-22 21:15:07');
    expect(requests()[0]?.get('skip')).toBe('0');
    expect(requests()[0]?.get('take')).toBe('25');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Id', 'Created On (UTC)', 'Status']);
    const [first] = within(table).getAllByRole('row').slice(1);
    expect(within(first!).getByText('Running')).toBeTruthy();
    const link = within(first!).getByRole('link', { name: JOB });
    // The first page in the default size is the bare address (defaults stay out of it).
    expect(link.getAttribute('href')).toBe(`/jobs/${JOB}`);
    expect(screen.getByTestId('job-total').textContent).toBe('60 jobs');
  });

  it("shows a running job's progress as a bar and a percent; a queued one without", async () => {
    renderWithProviders(<JobList />, { path: '/jobs' });
    const table = await screen.findByRole('table', { name: 'Active jobs' });
    const bar = await within(table).findByRole('progressbar', { name: `Progress of job ${JOB}` });
    expect(bar.getAttribute('aria-valuenow')).toBe('42');
    const [first, second] = within(table).getAllByRole('row').slice(1);
    expect(within(first!).getByText('42%')).toBeTruthy();
    expect(within(second!).queryByRole('progressbar')).toBeNull();
  });

  it("says 'No active jobs were found.' when there are none", async () => {
    server.use(apiAnswer(jobsEndpoints.list, { items: [], total: 0 }));
    renderWithProviders(<JobList />, { path: '/jobs' });
    expect(await screen.findByText('No active jobs were found.')).toBeTruthy();
  });

  it('asks for the page and page size in the address, and pages on', async () => {
    renderWithProviders(<JobList />, { path: '/jobs?page=2&pageSize=10' });
    await screen.findByText('2026-11-22 21:15:07');
    expect(requests()[0]?.get('skip')).toBe('10');
    expect(requests()[0]?.get('take')).toBe('10');
    // A job's link keeps the list's page, so closing the detail comes back to it.
    expect(screen.getByRole('link', { name: JOB }).getAttribute('href')).toBe(
      `/jobs/${JOB}?page=2&pageSize=10`,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(requests().at(-1)?.get('skip')).toBe('20'));
  });

  it('ignores a page size the pager does not offer', async () => {
    renderWithProviders(<JobList />, { path: '/jobs?pageSize=5000' });
    await screen.findByText('2026-11-22 21:15:07');
    expect(requests()[0]?.get('take')).toBe('25');
  });

  it('says so when the list cannot be loaded', async () => {
    server.use(
      apiHandler(jobsEndpoints.list, () => HttpResponse.json({ message: 'no' }, { status: 500 })),
    );
    renderWithProviders(<JobList />, { path: '/jobs' });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The active jobs could not be loaded.',
    );
  });
});
