import {
  deviceListGrammar,
  parseListQuery,
  type DeviceListQuery,
  type ParsedDeviceListQuery,
} from '@aerie/contract';
import { parseListOrBadRequest } from '../../plugins/errors.js';

export type ParsedDeviceQuery = ParsedDeviceListQuery;

/**
 * Reads `GET /v2/devices`'s query with the contract's device list grammar (spec 001 §7); a
 * query it refuses is a 400 naming the parameter.
 */
export function parseDeviceQuery(q: DeviceListQuery): ParsedDeviceQuery {
  return parseListOrBadRequest(() => parseListQuery(deviceListGrammar, q));
}
