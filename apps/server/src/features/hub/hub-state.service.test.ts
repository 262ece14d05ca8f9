import { describe, expect, it } from 'vitest';
import type { Device } from '@aerie/contract';
import { authorizeOver, principalOf } from '../../test/service-fakes.js';
import type { HubAdapter } from '../../adapters/hub-adapter.js';
import type { HubRepository } from './hub.repository.js';
import { createHubStateService, HUB_STATE_UNAVAILABLE } from './hub-state.service.js';

const principal = principalOf('superUser');
const repo: HubRepository = {
  requiredNetworkIds: async () => new Set(['NET-1']),
  networks: async () => [
    {
      networkId: 'NET-1',
      networkName: 'N1',
      displayName: 'One',
      nmsType: 'EVOLUTION',
      nmsId: 'X',
    },
  ],
};
const device = { id: 'd' } as Device;

describe('hub state service', () => {
  it("answers 502 with the spec's text when the hub cannot be read", async () => {
    const hub = {
      name: 'broken hub',
      getRemoteState: async () => {
        throw new Error('connection refused');
      },
    } as unknown as HubAdapter;
    const warnings: string[] = [];
    const service = createHubStateService({
      repo,
      hub,
      authorize: authorizeOver(),
      deviceInScope: async () => device,
      log: { warn: (_o, msg) => warnings.push(msg) },
    });
    await expect(service.get(principal, 'd')).rejects.toMatchObject({
      statusCode: 502,
      message: HUB_STATE_UNAVAILABLE,
    });
    expect(HUB_STATE_UNAVAILABLE).toBe('Could not retrieve current NMS hub state.');
    expect(warnings).toEqual(['hub state read failed']);
  });
});
