import type { Zone } from '@aerie/contract';
import type { ZoneRow } from './zones.repository.js';

export function presentZone(row: ZoneRow): Zone {
  return {
    id: row.id,
    name: row.name,
    coordinates: row.coordinates,
    accountId: row.account_id,
    accountName: row.account_name,
    createdBy: row.created_by,
    createdOn: row.created_at.toISOString(),
    updatedOn: row.updated_at.toISOString(),
  };
}
