import { baseModemTypeSchema, type BaseModemType } from '@aerie/contract';
import { apiFetch } from '../../../lib/api-client';

/** `GET /v2/info/basemodemtype/{modemType}`: the family templates of a modem model are written for. */
export function getBaseModemType(modemModel: string): Promise<BaseModemType> {
  return apiFetch(`/v2/info/basemodemtype/${encodeURIComponent(modemModel)}`, baseModemTypeSchema, {
    quiet: true,
  });
}
