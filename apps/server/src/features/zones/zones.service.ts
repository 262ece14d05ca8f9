import type { Zone, ZoneList, ZoneListQuery, ZonePoint, ZoneWrite } from '@aerie/contract';
import { assertCan } from '../../plugins/authorization.js';
import type { Principal } from '../../plugins/auth.js';
import { ConflictError, NotFoundError } from '../../plugins/errors.js';
import type { Tenancy } from '../../plugins/tenancy.js';
import { ZONE_MESSAGES } from './zones.messages.js';
import { presentZone } from './zones.presenter.js';
import type { ZoneWriteOutcome, ZonesRepository } from './zones.repository.js';

/** NOTE: zones are fleet configuration: read with the device list, written by who configures devices. */
const READ = 'devices.view';
const WRITE = 'devices.configure';

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

export function createZonesService(repo: ZonesRepository, tenancy: Tenancy) {
  async function assertAccountVisible(principal: Principal, accountId: string): Promise<void> {
    if (!(await tenancy.canSeeAccount(principal, accountId)))
      throw new NotFoundError(ZONE_MESSAGES.accountNotFound);
  }

  return {
    /** `GET /v2/zones`: a page of the caller's zones by name, optionally of one account. */
    async list(principal: Principal, query: ZoneListQuery): Promise<ZoneList> {
      assertCan(principal, READ);
      const { rows, total } = await repo.list(await tenancy.scope(principal), query);
      return { items: rows.map(presentZone), total };
    },

    /** `GET /v2/zones/{id}`: 404 outside the caller's accounts, as for a missing zone. */
    async get(principal: Principal, id: string): Promise<Zone> {
      assertCan(principal, READ);
      const row = await repo.findById(await tenancy.scope(principal), id);
      if (!row) throw new NotFoundError(ZONE_MESSAGES.notFound);
      return presentZone(row);
    },

    /** `POST /v2/zones`: a zone in a visible account (the caller's own by default). */
    async create(principal: Principal, body: ZoneWrite): Promise<Zone> {
      assertCan(principal, WRITE);
      const accountId = body.accountId ?? principal.accountId;
      await assertAccountVisible(principal, accountId);
      const values = { accountId, name: body.name, coordinates: openRing(body.coordinates) };
      return written(await repo.create(values, principal.userId), body.name);
    },

    /** `PUT /v2/zones/{id}`: replaces name and polygon; `accountId` moves it to another visible account. */
    async update(principal: Principal, id: string, body: ZoneWrite): Promise<Zone> {
      assertCan(principal, WRITE);
      const scope = await tenancy.scope(principal);
      const current = await repo.accountOf(scope, id);
      if (!current) throw new NotFoundError(ZONE_MESSAGES.notFound);
      const accountId = body.accountId ?? current;
      if (accountId !== current) await assertAccountVisible(principal, accountId);
      const values = { accountId, name: body.name, coordinates: openRing(body.coordinates) };
      return written(await repo.update(scope, id, values), body.name);
    },

    /** `DELETE /v2/zones/{id}`. */
    async remove(principal: Principal, id: string): Promise<void> {
      assertCan(principal, WRITE);
      if (!(await repo.remove(await tenancy.scope(principal), id)))
        throw new NotFoundError(ZONE_MESSAGES.notFound);
    },
  };
}
export type ZonesService = ReturnType<typeof createZonesService>;
