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

/** The results of a search by group: devices (and remotes), subscriptions, then documents. */
export function resultSections(results: SearchResults): SearchSection[] {
  const sections: SearchSection[] = [];
  if (results.devices.length > 0) {
    sections.push({
      key: 'devices',
      label: m.devices,
      options: results.devices.map((device) => ({
        kind: 'result',
        key: `${device.type}:${device.id}`,
        result: { type: device.type, id: device.id, name: device.name },
        detail: matchDetail(device.match),
      })),
    });
  }
  if (results.subscriptions.length > 0) {
    sections.push({
      key: 'subscriptions',
      label: m.subscriptions,
      options: results.subscriptions.map((subscription) => ({
        kind: 'result',
        key: `subscription:${subscription.id}`,
        result: { type: 'subscription', id: subscription.id, name: subscription.name },
        detail: subscription.subscriptionNumber,
      })),
    });
  }
  if (results.docs.length > 0) {
    sections.push({
      key: 'docs',
      label: m.docs,
      options: results.docs.map((doc) => ({
        kind: 'result',
        key: `doc:${doc.filePath}`,
        // A document's id is its path: the download page opens it (spec 000 §2.7).
        result: { type: 'doc', id: doc.filePath, name: doc.title },
        detail: doc.fileName,
      })),
    });
  }
  return sections;
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
