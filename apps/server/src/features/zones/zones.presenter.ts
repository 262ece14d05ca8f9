import type { Zone } from '@aerie/contract';
import type { ZoneRow } from './zones.repository.js';

export function presentZone(row: ZoneRow): Zone {
  return {
    id: row.id,
    name: row.name,
    coordinates: row.coordinates,
    accountId: row.accountId,
    accountName: row.accountName,
    createdBy: row.createdBy,
    createdOn: row.createdAt.toISOString(),
    updatedOn: row.updatedAt.toISOString(),
  };
}
