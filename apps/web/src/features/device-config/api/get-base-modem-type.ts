import { type BaseModemType, referenceEndpoints } from '@aerie/contract';
import { callApi } from '../../../lib/api-client';

/** `GET /v2/info/basemodemtype/{modemType}`: the family templates of a modem model are written for. */
export function getBaseModemType(modemModel: string): Promise<BaseModemType> {
  return callApi(
    referenceEndpoints.baseModemType,
    { params: { modemType: modemModel } },
    { quiet: true },
  );
}
