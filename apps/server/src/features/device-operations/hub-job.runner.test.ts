import { describe, expect, it, vi } from 'vitest';
import type { Device, FinalJobStatus, Job, JsonValue } from '@aerie/contract';
import { ConflictError } from '../../plugins/errors.js';
import type { DeviceOperationsRepository, HubJobRow } from './device-operations.repository.js';
import type { HubOperationView, HubPort, JobsPort, NotifyUser } from './device-operations.ports.js';
import { DEVICE_OPERATION_MESSAGES as M } from './device-operations.messages.js';
import { createHubJobRunner } from './hub-job.runner.js';

const DEVICE_ID = '22222222-2222-4222-8222-222222222222';
const device = {
  id: DEVICE_ID,
  name: 'Aurora',
  activated: false,
  enableCellTraffic: false,
  activeSubscription: null,
  product: null,
  components: [],
} as unknown as Device;

function setup(hub: Partial<HubPort>, row: Partial<HubJobRow> = {}) {
  const job: HubJobRow = {
    id: 'job-1',
    kind: 'syncToHub',
    status: 'Queued',
    deviceId: DEVICE_ID,
    createdBy: 'user-1',
    createdOn: new Date(),
    ...row,
  };
  const finished: { status: FinalJobStatus; result: JsonValue | null }[] = [];
  const markRunning = vi.fn(async () => ({}) as Job);
  const writeHubOutcome = vi.fn(async () => {});
  const setSyncInProgress = vi.fn(async () => {});
  const jobActive = vi.fn(async () => finished.length === 0);
  const jobs: JobsPort = {
    get: vi.fn(),
    createJob: vi.fn(),
    markRunning,
    finish: vi.fn(async (_id: string, status: FinalJobStatus, result: JsonValue | null = null) => {
      if (finished.length) throw new ConflictError('already final');
      finished.push({ status, result });
      return {} as Job;
    }),
  };
  const repo = {
    hubJob: vi.fn(async () => job),
    requiredBeams: vi.fn(async () => [{ networkId: 'NET-1', nmsType: 'EVOLUTION' }]),
    subscriptionNmsType: vi.fn(async () => null),
    writeHubOutcome,
    setSyncInProgress,
    jobActive,
  } as unknown as DeviceOperationsRepository;
  const notify = vi.fn<NotifyUser>(async () => ({}));
  const runner = createHubJobRunner({
    repo,
    jobs,
    hub: {
      getRemoteState: async () => null,
      request: async () => ({ operationId: 'op', status: 'Running', messages: [] }),
      getOperation: async () => null,
      ...hub,
    },
    findDevice: async () => device,
    publishNotification: notify,
    timeoutSeconds: 60,
    pollMs: 1,
    log: { info: () => {}, warn: () => {}, error: () => {} },
  });
  return { runner, finished, notify, markRunning, writeHubOutcome, setSyncInProgress, jobActive };
}

const op = (status: HubOperationView['status'], messages: string[] = []): HubOperationView => ({
  operationId: 'op-1',
  status,
  messages,
});

describe('hub job runner', () => {
  it('waits for the operation, writes what the hub holds and notifies', async () => {
    const states = [op('Running'), op('Success', ['Beam is in place.'])];
    const { runner, finished, notify, markRunning, writeHubOutcome, jobActive } = setup({
      getOperation: async () => states.shift() ?? null,
      getRemoteState: async () => ({
        beams: [],
        hybrid: { provisioned: false, activated: false },
        cellular: { activated: false },
      }),
    });
    await runner.run('job-1', new AbortController().signal);
    expect(markRunning).toHaveBeenCalledWith('job-1');
    expect(finished).toEqual([
      {
        status: 'Success',
        result: { hubStatus: 'Success', messages: ['Beam is in place.'], operationId: 'op-1' },
      },
    ]);
    expect(writeHubOutcome).toHaveBeenCalledOnce();
    // Written while the job was still active: whoever sees the job final sees the device.
    expect(jobActive).toHaveBeenCalledBefore(writeHubOutcome);
    expect(jobActive).toHaveLastResolvedWith(true);
    expect(notify).toHaveBeenCalledWith('user-1', {
      name: 'SyncRemote',
      type: 'Success',
      label: 'Sync with the hub succeeded for Aurora.',
      entityType: 'devices',
      entityId: DEVICE_ID,
    });
  });

  it('asks again when the hub forgot the operation (a hub restart)', async () => {
    const request = vi.fn(async () => op('Running'));
    let calls = 0;
    const { runner, finished } = setup({
      request,
      getOperation: async () => (++calls === 1 ? null : op('Success')),
    });
    await runner.run('job-1', new AbortController().signal);
    expect(request).toHaveBeenCalledTimes(2);
    expect(finished[0]?.status).toBe('Success');
  });

  it('ends in Error when the hub keeps losing the operation', async () => {
    const { runner, finished } = setup({ getOperation: async () => null });
    await runner.run('job-1', new AbortController().signal);
    expect(finished[0]).toMatchObject({
      status: 'Error',
      result: { messages: [M.hubLostOperation] },
    });
  });

  it('ends in Error with the reason when the adapter throws, clearing only the sync flag', async () => {
    const { runner, finished, notify, writeHubOutcome, setSyncInProgress } = setup({
      request: async () => {
        throw new Error('socket hang up');
      },
    });
    await runner.run('job-1', new AbortController().signal);
    expect(finished[0]).toMatchObject({
      status: 'Error',
      result: { messages: [M.hubUnreachable('socket hang up')] },
    });
    expect(writeHubOutcome).not.toHaveBeenCalled();
    expect(setSyncInProgress).toHaveBeenCalledWith(DEVICE_ID, false);
    expect(notify.mock.calls[0]?.[1]).toMatchObject({ type: 'Error' });
  });

  it('ends a job past its deadline as a timeout', async () => {
    const { runner, finished } = setup(
      { getOperation: async () => op('Running') },
      { createdOn: new Date(Date.now() - 61_000) },
    );
    await runner.run('job-1', new AbortController().signal);
    expect(finished[0]).toMatchObject({ status: 'Error', result: { messages: [M.hubTimeout] } });
  });

  it('throws when aborted, so the queue retries the job later', async () => {
    const controller = new AbortController();
    const { runner, finished } = setup({
      getOperation: async () => {
        controller.abort();
        return op('Running');
      },
    });
    await expect(runner.run('job-1', controller.signal)).rejects.toThrow();
    expect(finished).toEqual([]);
  });

  it('does nothing for a job that already ended, and notifies once when two finish it', async () => {
    const done = setup({}, { status: 'Success' });
    await done.runner.run('job-1', new AbortController().signal);
    expect(done.markRunning).not.toHaveBeenCalled();

    const { runner, notify } = setup({});
    const row = {
      id: 'job-1',
      kind: 'activate',
      status: 'Running',
      deviceId: DEVICE_ID,
      createdBy: 'u',
      createdOn: new Date(),
    } as const;
    expect(await runner.finish(row, device, { status: 'Error', messages: ['x'] })).toBe(true);
    expect(await runner.finish(row, device, { status: 'Error', messages: ['x'] })).toBe(false);
    expect(notify).toHaveBeenCalledOnce();
  });
});
