import { ActionIcon, Badge, Center, Loader, Text, Tooltip } from '@mantine/core';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { Icon } from '../../../../components/ui/icons';
import { logMessages as m } from './log-messages';
import classes from './log-report.module.css';
import { markPieces } from './log-text';
import { formatLineDate } from './log-time';
import type { WindowEntry } from './use-log-window';

/** Spec 001 §9: the view's height, and when the next and previous pages load. */
export const VIEW_HEIGHT_PX = 600;
export const NEXT_PAGE_WITHIN_PX = 200;
export const PREVIOUS_PAGE_AFTER_PX = 100;

export interface LogViewProps {
  entries: readonly WindowEntry[];
  /** The entry flashed (a jump or a highlight navigation) and the current highlight. */
  flashKey: string | null;
  currentKey: string | null;
  /** Scroll this entry into view (a new object each time it is asked). */
  scrollTarget: { key: string } | null;
  loadingNext: boolean;
  loadingPrevious: boolean;
  reachedEnd: boolean;
  /** Under 200 px left below: scrolled there, or a window too short to scroll. */
  onNearEnd: (scrolled: boolean) => void;
  /** At the top after having scrolled more than 100 px away from it. */
  onTop: () => void;
  onPin: (item: WindowEntry) => void;
}

/**
 * The log lines of the window (spec 001 §2, §4, §9): 600 px high, scrolled; near the bottom
 * the next page loads, at the top (after scrolling away) the previous one. Lines keep their
 * place on screen when pages are added or dropped above them. Log text is always text: the
 * search's matches are marks around pieces of it, never markup from the log.
 */
export function LogView({
  entries,
  flashKey,
  currentKey,
  scrollTarget,
  loadingNext,
  loadingPrevious,
  reachedEnd,
  onNearEnd,
  onTop,
  onPin,
}: LogViewProps) {
  const box = useRef<HTMLDivElement>(null);
  /** The first line in view and how far below the top it sat, to keep it there. */
  const keep = useRef<{ key: string; offset: number } | null>(null);
  const awayFromTop = useRef(false);

  const rowOf = (key: string) =>
    box.current?.querySelector<HTMLElement>(`[data-key="${key.replace(/["\\]/g, '\\$&')}"]`) ??
    null;

  const remember = () => {
    const el = box.current;
    if (!el) return;
    for (const row of el.querySelectorAll<HTMLElement>('[data-key]')) {
      if (row.offsetTop + row.offsetHeight > el.scrollTop) {
        keep.current = { key: row.dataset['key'] as string, offset: row.offsetTop - el.scrollTop };
        return;
      }
    }
    keep.current = null;
  };

  // Pages added or dropped above: the line that was first in view stays where it was.
  useLayoutEffect(() => {
    const el = box.current;
    const k = keep.current;
    if (!el || !k) return;
    const row = rowOf(k.key);
    if (row) el.scrollTop = row.offsetTop - k.offset;
  }, [entries]);

  useEffect(() => {
    if (!scrollTarget) return;
    const row = rowOf(scrollTarget.key);
    const el = box.current;
    if (!row || !el) return;
    el.scrollTop = Math.max(0, row.offsetTop - el.clientHeight / 2 + row.offsetHeight / 2);
    remember();
  }, [scrollTarget, entries]);

  // A window that does not fill the view cannot be scrolled: the next page loads at once (and
  // an empty one says the end is reached).
  useEffect(() => {
    const el = box.current;
    // (A view without a height is not laid out: not on screen, nothing to fill.)
    if (
      el &&
      el.clientHeight > 0 &&
      entries.length > 0 &&
      el.scrollHeight - el.clientHeight < NEXT_PAGE_WITHIN_PX
    ) {
      onNearEnd(false);
    }
  });

  const onScroll = () => {
    const el = box.current;
    if (!el) return;
    remember();
    if (el.scrollTop > PREVIOUS_PAGE_AFTER_PX) awayFromTop.current = true;
    if (el.scrollHeight - el.scrollTop - el.clientHeight < NEXT_PAGE_WITHIN_PX) onNearEnd(true);
    if (el.scrollTop <= 0 && awayFromTop.current) {
      awayFromTop.current = false;
      onTop();
    }
  };

  return (
    <div
      ref={box}
      className={classes.view}
      style={{ height: VIEW_HEIGHT_PX }}
      onScroll={onScroll}
      // Scrolled with the keyboard too.
      tabIndex={0}
      role="region"
      aria-label={m.viewLabel}
    >
      {loadingPrevious ? (
        <Center py={6}>
          <Loader size="xs" role="status" aria-label={m.loadingPage} />
        </Center>
      ) : null}
      <ol className={classes.lines}>
        {entries.map((item) => {
          const { entry } = item;
          const where = m.where(entry.fileName, entry.lineNumber);
          const classNames = [
            classes.line,
            entry.isHighlight ? classes.highlighted : '',
            item.key === currentKey ? classes.current : '',
            item.key === flashKey ? classes.flash : '',
          ].join(' ');
          return (
            <li key={item.key} data-key={item.key} className={classNames}>
              <span className={classes.time}>{formatLineDate(entry.lineDate)}</span>
              <Badge
                size="xs"
                variant="light"
                color={entry.logType === 'syslog' ? 'blue' : 'grape'}
              >
                {m.types[entry.logType]}
              </Badge>
              <span className={classes.where}>{where}</span>
              <span className={classes.text}>
                {markPieces(entry.lineContent, entry.highlights).map((piece, i) =>
                  piece.marked ? (
                    <mark key={i} className={classes.mark}>
                      {piece.text}
                    </mark>
                  ) : (
                    <span key={i}>{piece.text}</span>
                  ),
                )}
                {entry.truncated ? (
                  <Tooltip label={m.truncated}>
                    <span className={classes.more}>…</span>
                  </Tooltip>
                ) : null}
              </span>
              <ActionIcon
                variant="subtle"
                size="sm"
                className={classes.pin}
                aria-label={m.pin(where)}
                onClick={() => onPin(item)}
              >
                <Icon name="pin" size={14} />
              </ActionIcon>
            </li>
          );
        })}
      </ol>
      {loadingNext ? (
        <Center py={6}>
          <Loader size="xs" role="status" aria-label={m.loadingPage} />
        </Center>
      ) : reachedEnd && entries.length > 0 ? (
        <Text size="sm" c="dimmed" ta="center" py={6}>
          {m.endMarker}
        </Text>
      ) : null}
    </div>
  );
}
