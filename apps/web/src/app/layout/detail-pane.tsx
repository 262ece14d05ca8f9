import { CloseButton, Paper } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useCallback, useEffect, useRef, type CSSProperties, type ReactNode } from 'react';
import { InSlices } from '../../components/in-slices/in-slices';
import { useMe } from '../../features/users';
import { shellMessages } from '../messages';
import { DetailPaneShownContext } from '../../lib/detail-pane-shown';
import { detailPaneOffset } from '../../lib/route-paths';
import classes from './detail-pane.module.css';
import { usePageAfterPane } from './page-after-pane';

/** Below this width the pane always covers the page (detail-pane.module.css). */
const NARROW_QUERY = '(max-width: 48em)';

export interface DetailPaneLayerProps {
  /** The page under the pane: a list whose rows open the pane. */
  page: ReactNode;
  /** The open pane, or null when the page is shown alone. */
  pane: { closeTo: string; itemPath: string; content: ReactNode } | null;
}

/**
 * The page and, over it, the detail pane (spec 000 §2.2). The full-width pane covers the page,
 * which is then inert; the compact pane leaves the page beside it, narrowed to the space left.
 * The page keeps its place in the tree either way, so it keeps its state when the pane opens.
 * Opened directly, the pane renders first and the page after it, once the page would be seen
 * (usePageAfterPane).
 */
export function DetailPaneLayer({ page, pane }: DetailPaneLayerProps) {
  const { data: me } = useMe({ enabled: false });
  const settings = me?.settings ?? { detailFullWidth: true, menuCollapsed: false };
  const offset = detailPaneOffset(settings);
  const narrow = useMediaQuery(NARROW_QUERY, false, { getInitialValueInEffect: false });
  const covers = pane !== null && (settings.detailFullWidth || narrow === true);
  const { showPage, signal } = usePageAfterPane(pane !== null, covers);
  return (
    <>
      <div
        className={pane && !covers ? classes.beside : undefined}
        style={{ '--aerie-detail-offset': `${offset}px` } as CSSProperties}
        inert={covers}
        data-detail-under={pane ? (covers ? 'covered' : 'beside') : undefined}
      >
        {showPage ? <InSlices>{page}</InSlices> : null}
      </div>
      {pane ? (
        <DetailPane closeTo={pane.closeTo} itemPath={pane.itemPath} offset={offset}>
          <DetailPaneShownContext value={signal}>{pane.content}</DetailPaneShownContext>
        </DetailPane>
      ) : null}
    </>
  );
}

interface DetailPaneProps {
  /** Where closing the pane goes: the page under it. */
  closeTo: string;
  /** The open item's address without its section (`/devices/{id}`): its row links there. */
  itemPath: string;
  offset: number;
  children: ReactNode;
}

/** The link of the row that opens the item, when the page under the pane shows it. */
function rowLink(itemPath: string): HTMLElement | null {
  const path = itemPath.replace(/"/g, '\\"');
  return document.querySelector<HTMLElement>(
    `[data-detail-under] a[href="${path}"], [data-detail-under] a[href^="${path}/"], [data-detail-under] a[href^="${path}?"]`,
  );
}

/** Focus was dropped (its element removed), so giving it back takes it from no one. */
function focusIsLost(): boolean {
  const active = document.activeElement;
  return !active || active === document.body || !active.isConnected;
}

/**
 * The detail pane: covers the page from the left offset of spec 000 §9 (190/52 full width with
 * the menu expanded/collapsed, 605/467 compact) to the right edge. Focus moves into it when it
 * opens and back to the row that opened it when it closes; Escape closes it.
 */
function DetailPane({ closeTo, itemPath, offset, children }: DetailPaneProps) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const paneRef = useRef<HTMLElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const item = useRef(itemPath);
  item.current = itemPath;
  const close = useCallback(() => router.history.push(closeTo), [router, closeTo]);

  // Each item opened (a row clicked, also beside the compact pane) is where focus returns.
  useEffect(() => {
    const active = document.activeElement;
    const pane = paneRef.current;
    opener.current =
      active instanceof HTMLElement && active !== document.body && !pane?.contains(active)
        ? active
        : null;
    pane?.focus({ preventScroll: true });
  }, [itemPath]);

  useEffect(
    () => () => {
      if (!focusIsLost()) return;
      const target = opener.current?.isConnected ? opener.current : rowLink(item.current);
      target?.focus();
    },
    [],
  );

  // Escape from inside the pane (its own handler: a tooltip's Escape handler on the document
  // may stop the key there) or with focus on the page itself.
  const onEscape = (event: {
    key: string;
    target: EventTarget | null;
    defaultPrevented: boolean;
  }) => {
    const pane = paneRef.current;
    const target = event.target;
    if (event.key !== 'Escape' || event.defaultPrevented || !pane) return;
    if (!(target instanceof Node) || (target !== document.body && !pane.contains(target))) return;
    // An open menu or list inside the pane closes first.
    if (target instanceof Element && target.getAttribute('aria-expanded') === 'true') return;
    close();
  };
  const escape = useRef(onEscape);
  escape.current = onEscape;

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent): void => {
      if (event.target === document.body) escape.current(event);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  return (
    <Paper
      component="section"
      ref={paneRef}
      tabIndex={-1}
      onKeyDown={(event) => escape.current(event)}
      shadow="lg"
      className={classes.pane}
      style={{ '--aerie-detail-offset': `${offset}px` }}
      aria-label={shellMessages.detailPane}
      data-testid="detail-pane"
      data-offset={offset}
    >
      <CloseButton
        className={classes.close}
        aria-label={shellMessages.closeDetail}
        onClick={(event) => {
          close();
          // spec 001 §2 (subscription detail): ctrl-click on the close icon also refreshes:
          // what the page under the pane shows is asked again.
          if (event.ctrlKey || event.metaKey) void queryClient.invalidateQueries();
        }}
      />
      <div className={classes.body}>{children}</div>
    </Paper>
  );
}
