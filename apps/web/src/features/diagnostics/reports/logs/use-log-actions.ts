import { LOG_SEARCH_LIMITS, type DiagnosticReportQuery } from '@aerie/contract';
import { useEffect, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import { showToast } from '../../../../lib/toast';
import { getLogPage, type LogSearch } from '../../analyze/api/get-log-page';
import type { LogPin } from './log-pins';
import { logMessages as m } from './log-messages';
import { entryKey, type LogAnchor, type useLogWindow, type WindowEntry } from './use-log-window';

/** Spec 001 §9: how long a jump's target flashes (pins 2 s, highlight navigation 1.5 s). */
export const PIN_FLASH_MS = 2_000;
export const NAVIGATION_FLASH_MS = 1_500;
/** Pages read back, at most, to find a previous highlight. */
const PREVIOUS_HIGHLIGHT_PAGES = 5;

const success = (message: string) => showToast({ message, color: 'green', autoClose: 2_000 });

/** A jump waiting for its page: the line, how long it flashes, what it says when it lands. */
interface PendingJump {
  /** The line's key; null: the window's first highlighted line. */
  key: string | null;
  flashMs: number;
  toast: string | null;
  /** A pin's jump: the line may not be in the search any more. */
  pin: boolean;
}

export interface LogActionsDeps {
  query: DiagnosticReportQuery;
  search: LogSearch | null;
  window: ReturnType<typeof useLogWindow>;
  setAnchor: Dispatch<SetStateAction<LogAnchor>>;
  info: (message: string) => void;
  errorToast: (message: string) => void;
}

/**
 * What the Search report does besides paging (spec 001 §2, §4, §8): steps through highlights
 * (fetching the next page holding one when the loaded ones are exhausted), pins lines, jumps to
 * them, and downloads a filter search as logs.txt. Navigation waits for a running operation.
 */
export function useLogActions({
  query,
  search,
  window,
  setAnchor,
  info,
  errorToast,
}: LogActionsDeps) {
  const [pins, setPins] = useState<LogPin[]>([]);
  const [currentKey, setCurrentKey] = useState<string | null>(null);
  const [flashKey, setFlashKey] = useState<string | null>(null);
  const [scrollTarget, setScrollTarget] = useState<{ key: string } | null>(null);
  const [navigating, setNavigating] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const pending = useRef<PendingJump | null>(null);
  const flashTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const signature = search ? JSON.stringify(search) : '';

  useEffect(() => () => clearTimeout(flashTimer.current), []);

  const goTo = (key: string, flashMs: number) => {
    setCurrentKey(key);
    setScrollTarget({ key });
    setFlashKey(key);
    clearTimeout(flashTimer.current);
    flashTimer.current = setTimeout(() => setFlashKey(null), flashMs);
  };

  // A jump whose page just arrived.
  useEffect(() => {
    const jump = pending.current;
    if (!jump || window.isFetching) return;
    const target =
      jump.key === null
        ? window.entries.find((e) => e.entry.isHighlight)?.key
        : window.entries.find((e) => e.key === jump.key)?.key;
    pending.current = null;
    if (target) {
      goTo(target, jump.flashMs);
      if (jump.toast) success(jump.toast);
    } else if (jump.pin) info(m.info.pinNotPresent);
  });

  const busy = () => {
    if (window.isFetching || navigating) {
      info(m.busy);
      return true;
    }
    return false;
  };

  const highlighted = () => window.entries.filter((e) => e.entry.isHighlight);

  async function nextHighlight(): Promise<void> {
    if (!search || search.text === '') return info(m.noSearchTerm);
    if (busy()) return;
    const list = highlighted();
    const at = list.findIndex((e) => e.key === currentKey);
    const next = list[at + 1];
    if (next) return goTo(next.key, NAVIGATION_FLASH_MS);
    if (window.reachedEnd) return info(m.info.noMoreHighlights);
    // The loaded pages are exhausted: the first page after them that holds one.
    setNavigating(true);
    try {
      const page = await getLogPage(query, search, {
        pageNumber: window.lastPage + 1,
        requireHighlight: true,
      });
      const hit = page.entries.find((e) => e.isHighlight);
      if (!hit) return info(m.info.noMoreHighlights);
      pending.current = {
        key: entryKey(hit),
        flashMs: NAVIGATION_FLASH_MS,
        toast: m.success.moreHighlights,
        pin: false,
      };
      setAnchor((a) => ({
        pageNumber: page.updatedPage,
        requireHighlight: false,
        generation: a.generation + 1,
      }));
    } catch {
      errorToast(m.errors.moreHighlights);
    } finally {
      setNavigating(false);
    }
  }

  async function previousHighlight(): Promise<void> {
    if (!search || search.text === '') return info(m.noSearchTerm);
    if (busy()) return;
    const find = (entries: readonly WindowEntry[]) => {
      const list = entries.filter((e) => e.entry.isHighlight);
      const at = currentKey === null ? list.length : list.findIndex((e) => e.key === currentKey);
      return at > 0 ? list[at - 1] : undefined;
    };
    let entries = window.entries;
    let found = find(entries);
    setNavigating(true);
    try {
      // Earlier pages, one at a time, while none of the loaded ones has one before.
      for (let k = 0; !found && k < PREVIOUS_HIGHLIGHT_PAGES && window.hasPreviousPage; k++) {
        const result = await window.fetchPreviousPage();
        if (result.isFetchPreviousPageError) throw result.error;
        entries = (result.data?.pages ?? []).flatMap((p) =>
          p.entries.map((entry) => ({ key: entryKey(entry), entry, page: p.updatedPage })),
        );
        found = find(entries);
        if (!result.hasPreviousPage) break;
      }
      if (found) goTo(found.key, NAVIGATION_FLASH_MS);
      else info(m.info.noMoreHighlights);
    } catch {
      errorToast(m.errors.moreHighlights);
    } finally {
      setNavigating(false);
    }
  }

  function pin(item: WindowEntry): void {
    setPins((list) =>
      list.some((p) => p.key === item.key)
        ? list
        : [...list, { key: item.key, entry: item.entry, page: item.page, search: signature }],
    );
    success(m.success.pinned);
  }

  function jump(p: LogPin): void {
    if (busy()) return;
    if (p.search !== signature) return info(m.info.pinNotPresent);
    if (window.entries.some((e) => e.key === p.key)) {
      goTo(p.key, PIN_FLASH_MS);
      success(m.success.jumped);
      return;
    }
    pending.current = { key: p.key, flashMs: PIN_FLASH_MS, toast: m.success.jumped, pin: true };
    setAnchor((a) => ({
      pageNumber: p.page,
      requireHighlight: false,
      generation: a.generation + 1,
    }));
  }

  async function copyPins(): Promise<void> {
    if (pins.length === 0) return info(m.info.noPins);
    try {
      await navigator.clipboard.writeText(pins.map((p) => p.entry.lineContent).join('\n'));
      success(m.success.copied);
    } catch {
      errorToast(m.errors.copy);
    }
  }

  async function download(): Promise<void> {
    if (!search || downloading) return;
    setDownloading(true);
    try {
      const all = await getLogPage(query, search, {
        pageNumber: 1,
        pageSize: LOG_SEARCH_LIMITS.allPages,
      });
      if (all.entries.length === 0) return info(m.info.nothingToDownload);
      const text = `${all.entries.map((e) => e.lineContent).join('\n')}\n`;
      const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
      const a = document.createElement('a');
      a.href = url;
      a.download = 'logs.txt';
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      success(m.success.downloaded);
    } catch {
      errorToast(m.errors.download);
    } finally {
      setDownloading(false);
    }
  }

  return {
    pins,
    currentKey,
    flashKey,
    scrollTarget,
    downloading,
    nextHighlight,
    previousHighlight,
    pin,
    jump,
    copyPins,
    download,
    removePin: (p: LogPin) => setPins((list) => list.filter((x) => x.key !== p.key)),
    movePin: (from: number, to: number) =>
      setPins((list) => {
        if (to < 0 || to >= list.length) return list;
        const next = [...list];
        const [moved] = next.splice(from, 1);
        if (moved) next.splice(to, 0, moved);
        return next;
      }),
    clearPins: () => {
      setPins([]);
      success(m.success.pinsCleared);
    },
    /** A new search: the first highlight is jumped to when there is a term (spec 001 §4). */
    startSearch: (next: LogSearch) => {
      setCurrentKey(null);
      setFlashKey(null);
      pending.current =
        next.mode === 'highlight' && next.text !== ''
          ? { key: null, flashMs: NAVIGATION_FLASH_MS, toast: null, pin: false }
          : null;
    },
  };
}
