import {
  api,
  type Zone,
  type ZoneList,
  type ZoneListQuery,
  type ZonePoint,
  type ZoneWrite,
} from '@aerie/contract';
import type { Authorize } from '../../plugins/authorization.js';
import type { Principal } from '../../plugins/auth.js';
import { ConflictError, NotFoundError } from '../../plugins/errors.js';
import { ZONE_MESSAGES } from './zones.messages.js';
import { presentZone } from './zones.presenter.js';
import type { ZoneWriteOutcome, ZonesRepository } from './zones.repository.js';

/** Stores the ring open: a closing point equal to the first is dropped. */
export function openRing(points: readonly ZonePoint[]): ZonePoint[] {
  const first = points[0];
  const last = points[points.length - 1];
  const closed = points.length > 1 && first && last && first[0] === last[0] && first[1] === last[1];
  return closed ? points.slice(0, -1) : [...points];
}

function written(outcome: ZoneWriteOutcome, name: string): Zone {
  if (outcome === 'not-found') throw new NotFoundError(ZONE_MESSAGES.notFound);
  if (outcome === 'no-account') throw new NotFoundError(ZONE_MESSAGES.accountNotFound);
  if (outcome === 'duplicate') throw new ConflictError(ZONE_MESSAGES.duplicateName(name));
  return presentZone(outcome);
}

/**
 * Zones are fleet configuration: read with the device list, written by who configures devices
 * (the rules of packages/contract/src/endpoints/zones.ts). A zone or account outside the
 * caller's accounts answers 404 before a role that may not write is refused (403).
 */
export function createZonesService(repo: ZonesRepository, authorize: Authorize) {
  return {
    /** `GET /v2/zones`: a page of the caller's zones by name, optionally of one account. */
    async list(principal: Principal, query: ZoneListQuery): Promise<ZoneList> {
      const { scope } = await authorize(principal, api.zones.list.access);
      const { rows, total } = await repo.list(scope, query);
      return { items: rows.map(presentZone), total };
    },

    /** `GET /v2/zones/{id}`: 404 outside the caller's accounts, as for a missing zone. */
    async get(principal: Principal, id: string): Promise<Zone> {
      const grant = await authorize(principal, api.zones.get.access);
      return presentZone(grant.found(await repo.findById(grant.scope, id), ZONE_MESSAGES.notFound));
    },

    /** `POST /v2/zones`: a zone in a visible account (the caller's own by default). */
    async create(principal: Principal, body: ZoneWrite): Promise<Zone> {
      const grant = await authorize(principal, api.zones.create.access);
      const accountId = grant.account(
        body.accountId ?? principal.accountId,
        ZONE_MESSAGES.accountNotFound,
      );
      const values = { accountId, name: body.name, coordinates: openRing(body.coordinates) };
      return written(await repo.create(values, principal.userId), body.name);
    },

    /** `PUT /v2/zones/{id}`: replaces name and polygon; `accountId` moves it to another visible account. */
    async update(principal: Principal, id: string, body: ZoneWrite): Promise<Zone> {
      const grant = await authorize(principal, api.zones.update.access);
      const current = grant.found(await repo.accountOf(grant.scope, id), ZONE_MESSAGES.notFound);
      const accountId = grant.account(body.accountId ?? current, ZONE_MESSAGES.accountNotFound);
      const values = { accountId, name: body.name, coordinates: openRing(body.coordinates) };
      return written(await repo.update(grant.scope, id, values), body.name);
    },

    /** `DELETE /v2/zones/{id}`. */
    async remove(principal: Principal, id: string): Promise<void> {
      const grant = await authorize(principal, api.zones.remove.access);
      grant.found(await repo.accountOf(grant.scope, id), ZONE_MESSAGES.notFound);
      // Gone between the two statements: still 404.
      if (!(await repo.remove(grant.scope, id))) throw new NotFoundError(ZONE_MESSAGES.notFound);
    },
  };
}
export type ZonesService = ReturnType<typeof createZonesService>;
