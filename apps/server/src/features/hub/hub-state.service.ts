import { api, type HubBeam, type HubState } from '@aerie/contract';
import type { Authorize } from '../../plugins/authorization.js';
import type { Principal } from '../../plugins/auth.js';
import { HttpError } from '../../plugins/errors.js';
import type { DeviceInScope } from '../../plugins/tenancy.js';
import type { HubAdapter, HubRemoteState } from '../../adapters/hub-adapter.js';
import type { HubRepository } from './hub.repository.js';

/** Spec 001 §4: the text shown when the hub cannot be read. */
export const HUB_STATE_UNAVAILABLE = 'Could not retrieve current NMS hub state.';

export interface HubStateServiceDeps {
  repo: HubRepository;
  hub: HubAdapter;
  authorize: Authorize;
  /** The devices feature's lookup of a device within the caller's accounts. */
  deviceInScope: DeviceInScope;
  log: { warn(o: object, msg: string): void };
}

export function createHubStateService({
  repo,
  hub,
  authorize,
  deviceInScope,
  log,
}: HubStateServiceDeps) {
  return {
    /**
     * `GET /v2/devices/{id}/hubState`: the beams the portal requires for the device
     * next to what the hub actually holds for its remote, read live from the hub.
     * A hub that cannot be reached answers 502 with the spec's text.
     */
    async get(principal: Principal, deviceId: string): Promise<HubState> {
      const grant = await authorize(principal, api.hub.state.access);
      grant.found(await deviceInScope(grant.scope, deviceId), 'Device not found.');
      let remote: HubRemoteState | null;
      try {
        remote = await hub.getRemoteState(deviceId);
      } catch (error) {
        log.warn({ err: error, deviceId, hub: hub.name }, 'hub state read failed');
        throw new HttpError(502, HUB_STATE_UNAVAILABLE);
      }
      const required = await repo.requiredNetworkIds(deviceId);
      const onHub = new Map((remote?.beams ?? []).map((b) => [b.networkId, b]));
      const beams: HubBeam[] = [];
      for (const n of await repo.networks()) {
        const actual = onHub.get(n.networkId);
        if (!required.has(n.networkId) && !actual) continue;
        beams.push({
          networkId: n.networkId,
          networkName: n.networkName,
          displayName: n.displayName,
          isRequired: required.has(n.networkId),
          isActuallyOn: actual?.provisioned ?? false,
          nmsType: n.nmsType,
          nmsId: n.nmsId,
          provisionedOn: actual?.provisionedOn?.toISOString() ?? null,
          activatedOn: actual?.activatedOn?.toISOString() ?? null,
        });
      }
      return {
        beams,
        hybrid: remote?.hybrid ?? { provisioned: false, activated: false },
        cellular: remote?.cellular ?? { activated: false },
      };
    },
  };
}
export type HubStateService = ReturnType<typeof createHubStateService>;
