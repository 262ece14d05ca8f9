import {
  LIST_PARAM_NAMES,
  parseListQuery,
  subscriptionListGrammar,
  type ListParamNames,
  type ListQuery,
  type ParsedSubscriptionListQuery,
} from '@aerie/contract';
import { parseListOrBadRequest } from '../../plugins/errors.js';

export type ParsedSubscriptionQuery = ParsedSubscriptionListQuery;

/**
 * Reads the subscriptions list's query with the contract's grammar (spec 001 §7), under v3
 * names or, with `names`, v2.1's; a query it refuses is a 400 naming the parameter as the
 * caller spelled it.
 */
export function parseSubscriptionQuery(
  q: ListQuery,
  names: ListParamNames = LIST_PARAM_NAMES,
): ParsedSubscriptionQuery {
  return parseListOrBadRequest(() => parseListQuery(subscriptionListGrammar, q, names));
}
