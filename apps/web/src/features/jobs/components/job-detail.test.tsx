// @vitest-environment jsdom
import { devicesEndpoints, type Job, jobsEndpoints } from '@aerie/contract';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { apiAnswer, apiHandler, setupApiServer } from '../../../test/api-server';
import { renderWithProviders } from '../../../test/render';
import { buildDevice } from '../../../test/device.fixture';
import { JobDetail } from './job-detail';

afterEach(cleanup);

const JOB = '7b2c1d0e-9f8a-4b7c-8d6e-5f4a3b2c1d0e';
const DEVICE = '2f0c9a3e-7a55-4c1e-9a11-5a1b2c3d4e5f';
const job: Job = {
  id: JOB,
  kind: 'syncToHub',
  status: 'PartialSuccess',
  accountId: '6f1e2d3c-4b5a-4978-8a6b-5c4d3e2f1a00',
  deviceId: DEVICE,
  createdOn: '2026-11-22T21:15:07.000Z',
  finishedOn: '2026-11-22T21:15:11.500Z',
  payload: { beams: ['B12', 'B14'], requestedBy: 'hannah.keller@northwind.example' },
  result: { failedBeams: ['B14'], message: 'Beam B14 is not available.' },
  progress: null,
};

const server = setupApiServer(
  apiAnswer(jobsEndpoints.get, job),
  apiAnswer(devicesEndpoints.get, buildDevice({ id: DEVICE, name: 'MS Northern Star 6' })),
);

describe('JobDetail', () => {
  it('loads, then shows the raw job as foldable JSON with its device linked', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    server.use(
      apiHandler(jobsEndpoints.get, async () => {
        await held;
        return HttpResponse.json(job);
      }),
    );
    renderWithProviders(<JobDetail id={JOB} canOpenDevice />, { path: `/jobs/${JOB}` });
    expect(await screen.findByLabelText('Loading job')).toBeTruthy();
    release();
    const json = await screen.findByTestId('job-json');
    expect(json.textContent).toContain(`"id": "${JOB}"`);
    expect(json.textContent).toContain('"message": "Beam B14 is not available."');
    expect(screen.getByText('PartialSuccess')).toBeTruthy();
    expect(screen.getByText('2026-11-22 21:15:11')).toBeTruthy();
    // The device by its name, linking to its overview.
    const device = await screen.findByRole('link', { name: 'Open the device MS Northern Star 6' });
    expect(device.textContent).toBe('MS Northern Star 6');
    expect(device.getAttribute('href')).toBe(`/devices/${DEVICE}/overview`);
    fireEvent.click(screen.getByRole('button', { name: 'Collapse payload' }));
    expect(screen.getByTestId('job-json').textContent).not.toContain('requestedBy');
    expect(screen.getByRole('button', { name: 'Collapse Job JSON' })).toBeTruthy();
  });

  it('shows the device as text to a role that cannot open it, and a dash without one', async () => {
    renderWithProviders(<JobDetail id={JOB} canOpenDevice={false} />, { path: `/jobs/${JOB}` });
    await screen.findByTestId('job-json');
    expect(screen.queryByRole('link', { name: /Open the device/ })).toBeNull();
    expect(await screen.findByText('MS Northern Star 6')).toBeTruthy();
    cleanup();
    server.use(apiAnswer(jobsEndpoints.get, { ...job, deviceId: null }));
    renderWithProviders(<JobDetail id={JOB} canOpenDevice />, { path: `/jobs/${JOB}` });
    await screen.findByTestId('job-json');
    expect(screen.queryByRole('link', { name: /Open the device/ })).toBeNull();
  });

  it("names the device by its id when the device cannot be read (deleted, or not the caller's)", async () => {
    server.use(
      apiHandler(devicesEndpoints.get, () =>
        HttpResponse.json({ statusCode: 404, message: 'Device not found.' }, { status: 404 }),
      ),
    );
    renderWithProviders(<JobDetail id={JOB} canOpenDevice />, { path: `/jobs/${JOB}` });
    await screen.findByTestId('job-json');
    const device = await screen.findByRole('link', { name: `Open the device ${DEVICE}` });
    expect(device.textContent).toBe(DEVICE);
  });

  it.each([404, 400])("says 'Job not found.' when the server answers %i", async (status) => {
    server.use(
      apiHandler(jobsEndpoints.get, () =>
        HttpResponse.json({ statusCode: status, message: 'Job not found.' }, { status }),
      ),
    );
    renderWithProviders(<JobDetail id={JOB} canOpenDevice />, { path: `/jobs/${JOB}` });
    expect((await screen.findByRole('alert')).textContent).toBe('Job not found.');
  });

  it('says the job could not be loaded on another failure', async () => {
    server.use(
      apiHandler(jobsEndpoints.get, () => HttpResponse.json({ message: 'boom' }, { status: 500 })),
    );
    renderWithProviders(<JobDetail id={JOB} canOpenDevice />, { path: `/jobs/${JOB}` });
    expect((await screen.findByRole('alert')).textContent).toBe('The job could not be loaded.');
  });
});
