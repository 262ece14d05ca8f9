import { describe, expect, it } from 'vitest';
import type {
  DesiredRemoteState,
  HubNetworkInfo,
  HubOperation,
} from '../../adapters/hub-adapter.js';
import { HubSimulator } from './hub-simulator.js';

const networks: HubNetworkInfo[] = [
  { networkId: 'NET-101', nmsType: 'EVOLUTION', displayName: 'Atlantic Ocean Region West' },
  { networkId: 'NET-102', nmsType: 'EVOLUTION', displayName: 'Atlantic Ocean Region East' },
  { networkId: 'NET-201', nmsType: 'DIALOG', displayName: 'Europe' },
];

function setup() {
  const pending: (() => Promise<void>)[] = [];
  const finished: HubOperation[] = [];
  const hub = new HubSimulator({
    networks: async () => networks,
    delayMs: 5000,
    schedule: (fn) => pending.push(fn),
    onFinished: (op) => finished.push(op),
  });
  const runAll = async () => {
    while (pending.length) await pending.shift()!();
  };
  return { hub, runAll, finished };
}

const desired = (over: Partial<DesiredRemoteState> = {}): DesiredRemoteState => ({
  nmsType: 'EVOLUTION',
  hardware: {
    modemModel: 'GM-X7',
    modemSerial: 'GM123456789',
    antennaModel: 'U8-OSPREY',
    bucModel: 'BUC-40W',
    hasHybrid: true,
  },
  requiredNetworkIds: ['NET-101'],
  activated: true,
  cellTraffic: true,
  ...over,
});

describe('HubSimulator', () => {
  it('applies a request only after its delay and reports the final status', async () => {
    const { hub, runAll, finished } = setup();
    const op = await hub.request('r1', 'provision', desired());
    expect(op.status).toBe('Running');
    expect(await hub.getRemoteState('r1')).toBeNull();
    await runAll();
    expect(finished.map((f) => f.status)).toEqual(['Success']);
    const state = await hub.getRemoteState('r1');
    expect(state?.beams).toMatchObject([
      { networkId: 'NET-101', provisioned: true, activated: false },
    ]);
    expect((await hub.getOperation(op.operationId))?.status).toBe('Success');
  });

  it('refuses to provision a remote without a modem serial', async () => {
    const { hub, runAll, finished } = setup();
    await hub.request(
      'r1',
      'provision',
      desired({ hardware: { ...desired().hardware, modemSerial: null } }),
    );
    await runAll();
    expect(finished[0]).toMatchObject({
      status: 'Error',
      messages: ['The remote has no modem serial or modem model.'],
    });
  });

  it('partly fails a sync when a beam belongs to another NMS type', async () => {
    const { hub, runAll, finished } = setup();
    await hub.request('r1', 'sync', desired({ requiredNetworkIds: ['NET-101', 'NET-201'] }));
    await runAll();
    expect(finished[0]?.status).toBe('PartialSuccess');
    expect(finished[0]?.messages).toContain('Beam Europe is not available to EVOLUTION remotes.');
    const state = await hub.getRemoteState('r1');
    expect(state?.beams.map((b) => b.networkId)).toEqual(['NET-101']);
  });

  it('makes the hub match the desired state on sync: activation, beams removed, cell traffic', async () => {
    const { hub, runAll } = setup();
    await hub.request('r1', 'sync', desired({ requiredNetworkIds: ['NET-101', 'NET-102'] }));
    await runAll();
    await hub.request(
      'r1',
      'sync',
      desired({ requiredNetworkIds: ['NET-102'], cellTraffic: false }),
    );
    await runAll();
    const state = await hub.getRemoteState('r1');
    expect(state?.beams).toMatchObject([
      { networkId: 'NET-102', provisioned: true, activated: true },
    ]);
    expect(state?.cellular.activated).toBe(false);
    expect(state?.hybrid).toEqual({ provisioned: true, activated: true });
  });

  it('refuses activation of a remote the hub does not have', async () => {
    const { hub, runAll, finished } = setup();
    await hub.request('r9', 'activate', desired());
    await runAll();
    expect(finished[0]).toMatchObject({
      status: 'Error',
      messages: ['The remote is not provisioned on the hub.'],
    });
  });

  it('deactivates and removes remotes', async () => {
    const { hub, runAll } = setup();
    await hub.request('r1', 'sync', desired());
    await runAll();
    await hub.request('r1', 'deactivate', desired());
    await runAll();
    expect((await hub.getRemoteState('r1'))?.beams[0]?.activated).toBe(false);
    await hub.request('r1', 'deprovision', desired());
    await runAll();
    expect(await hub.getRemoteState('r1')).toBeNull();
  });
});
