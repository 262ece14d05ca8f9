import { Center, CloseButton, Group, Loader, Paper, ScrollArea, Title } from '@mantine/core';
import { Suspense, useEffect, useRef, type ReactNode } from 'react';
import { FeedbackForm, feedMessages } from '../../features/feed';
import { SUPPORT_PANE_TITLE, SupportPane } from '../../features/support';
import { NotificationsPane } from '../../features/notifications';
import { SubscriptionReportPane } from '../../features/subscription-report';
import { useStore } from '../../lib/store';
import { lazyComponent } from '../../lib/lazy-component';
import { libMessages } from '../../lib/messages';
import { shellMessages } from '../messages';
import { closeContextPane, contextPane, type ContextPane } from '../../lib/context-pane-store';
import classes from './context-pane-host.module.css';

const ColumnEditorPane = lazyComponent(() =>
  import('../../components/data-table/column-editor-pane').then((m) => m.ColumnEditorPane),
);

const titles: Record<Exclude<ContextPane, 'none'>, string> = {
  notifications: shellMessages.notifications,
  feedback: feedMessages.feedbackTitle,
  support: SUPPORT_PANE_TITLE,
  columnEditor: shellMessages.columnEditor,
  subscriptionReport: shellMessages.subscriptionReport,
};

function paneContent(pane: Exclude<ContextPane, 'none'>): ReactNode {
  switch (pane) {
    case 'notifications':
      return <NotificationsPane onNavigate={closeContextPane} />;
    case 'feedback':
      return <FeedbackForm onSubmitted={closeContextPane} />;
    case 'support':
      return <SupportPane />;
    case 'columnEditor':
      return <ColumnEditorPane />;
    case 'subscriptionReport':
      return <SubscriptionReportPane />;
  }
}

/**
 * Hosts the one open context pane on the right (spec 000 §2.2); Escape or Close sets none.
 * Focus moves to the pane's title when it opens and back to the button that opened it after.
 */
export function ContextPaneHost() {
  const pane = useStore(contextPane);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const paneRef = useRef<HTMLElement>(null);
  const opener = useRef<HTMLElement | null>(null);

  useEffect(() => {
    if (pane === 'none') {
      const target = opener.current;
      opener.current = null;
      const active = document.activeElement;
      // Only focus the pane took with it comes back (a link in it may have moved focus on).
      if (target?.isConnected && (!active || active === document.body || !active.isConnected))
        target.focus();
      return;
    }
    const active = document.activeElement;
    if (
      active instanceof HTMLElement &&
      active !== document.body &&
      !paneRef.current?.contains(active)
    )
      opener.current = active;
    headingRef.current?.focus();
    // Focus on the page itself; inside the pane, its own handler answers first (a tooltip's
    // Escape handler on the document stops the key from reaching the window).
    const onKey = (event: KeyboardEvent): void => {
      if (event.key === 'Escape' && event.target === document.body) closeContextPane();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [pane]);

  if (pane === 'none') return null;
  return (
    <Paper
      component="aside"
      ref={paneRef}
      onKeyDown={(event) => {
        // Not from a portal (a menu of the pane's form): those close themselves first.
        if (event.key === 'Escape' && paneRef.current?.contains(event.target as Node))
          closeContextPane();
      }}
      shadow="xl"
      className={classes.pane}
      aria-labelledby="context-pane-title"
      data-pane={pane}
    >
      <Group justify="space-between" px="md" py="sm" className={classes.header} wrap="nowrap">
        <Title order={2} size="h4" id="context-pane-title" ref={headingRef} tabIndex={-1}>
          {titles[pane]}
        </Title>
        <CloseButton
          aria-label={`${shellMessages.closePane} ${titles[pane]}`}
          onClick={closeContextPane}
        />
      </Group>
      <ScrollArea className={classes.body} px="md" py="sm">
        {/* Each pane's code loads when it is first opened. */}
        <Suspense
          fallback={
            <Center py="md">
              <Loader size="sm" role="status" aria-label={libMessages.loading} />
            </Center>
          }
        >
          {paneContent(pane)}
        </Suspense>
      </ScrollArea>
    </Paper>
  );
}
