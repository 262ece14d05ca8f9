import {
  SEARCH_MIN_TERM_LENGTH,
  SEARCH_TERM_MAX_LENGTH,
  type RecentResult,
  type SearchMatch,
  type SearchResults,
} from '@aerie/contract';
import { routePath } from '../../../lib/route-paths';
import { searchMessages as m } from '../messages';

/** One choice of the list under the box: a past term to search again, or a result to open. */
export type SearchOption =
  | { kind: 'term'; key: string; term: string }
  | { kind: 'result'; key: string; result: RecentResult; detail: string | null };

export interface SearchSection {
  key: string;
  label: string;
  options: SearchOption[];
}

/** The term a text searches for, or null when it is too short (spec 000 §5: more than 2). */
export function searchableTerm(text: string): string | null {
  const term = text.trim().slice(0, SEARCH_TERM_MAX_LENGTH).trim();
  return term.length >= SEARCH_MIN_TERM_LENGTH ? term : null;
}

/** Where a result opens (spec 000 §2.7). */
export function resultPath(result: RecentResult): string {
  switch (result.type) {
    case 'device':
      return routePath('deviceOverview', { id: result.id });
    case 'remote':
      return routePath('remoteOverview', { id: result.id });
    case 'subscription':
      return routePath('subscriptionOverview', { id: result.id });
    case 'doc':
      return routePath('downloadDocumentationFile', {}, { path: result.id, view: 'true' });
  }
}

/** What a device matched, said the way users know it ("IMEI 356938…"); null for its name. */
export function matchDetail(match: SearchMatch | null): string | null {
  if (!match) return null;
  const label =
    match.field === 'component'
      ? (m.componentTypes[match.componentType ?? ''] ?? `${match.componentType ?? ''} serial`)
      : m.match[match.field];
  return `${label} ${match.value}`;
}

/** With a short text: the past terms and the recent results (spec 000 §2.7). */
export function historySections(history: string[], recent: RecentResult[]): SearchSection[] {
  const sections: SearchSection[] = [];
  if (history.length > 0) {
    sections.push({
      key: 'history',
      label: m.recentSearches,
      options: history.map((term) => ({ kind: 'term', key: `term:${term}`, term })),
    });
  }
  if (recent.length > 0) {
    sections.push({
      key: 'recent',
      label: m.recentResults,
      options: recent.map((result) => ({
        kind: 'result',
        key: `recent:${result.type}:${result.id}`,
        result,
        detail: m.kinds[result.type],
      })),
    });
  }
  return sections;
}

/** A group of results as a section of the list (none when the group is empty). */
function resultGroup<T>(
  key: string,
  label: string,
  items: readonly T[],
  toResult: (item: T) => { result: RecentResult; detail: string | null },
): SearchSection[] {
  if (items.length === 0) return [];
  const options: SearchOption[] = items.map((item) => {
    const { result, detail } = toResult(item);
    return { kind: 'result', key: `${result.type}:${result.id}`, result, detail };
  });
  return [{ key, label, options }];
}

/** The results of a search by group: devices (and remotes), subscriptions, then documents. */
export function resultSections(results: SearchResults): SearchSection[] {
  return [
    ...resultGroup('devices', m.devices, results.devices, (device) => ({
      result: { type: device.type, id: device.id, name: device.name },
      detail: matchDetail(device.match),
    })),
    ...resultGroup('subscriptions', m.subscriptions, results.subscriptions, (subscription) => ({
      result: { type: 'subscription', id: subscription.id, name: subscription.name },
      detail: subscription.subscriptionNumber,
    })),
    // A document's id is its path: the download page opens it (spec 000 §2.7).
    ...resultGroup('docs', m.docs, results.docs, (doc) => ({
      result: { type: 'doc', id: doc.filePath, name: doc.title },
      detail: doc.fileName,
    })),
  ];
}

/** The options in the order the arrow keys walk them. */
export function flatOptions(sections: SearchSection[]): SearchOption[] {
  return sections.flatMap((section) => section.options);
}

/** The next active option for an arrow key: wraps at both ends; -1 means none. */
export function nextActive(current: number, count: number, step: 1 | -1): number {
  if (count === 0) return -1;
  if (current < 0) return step === 1 ? 0 : count - 1;
  return (current + step + count) % count;
}
