import { Center, CloseButton, Group, Loader, Paper, ScrollArea, Text, Title } from '@mantine/core';
import { Suspense, useEffect, useRef, type ReactNode } from 'react';
import { FeedbackForm, feedMessages, SupportPane } from '../../features/feed';
import { NotificationsPane } from '../../features/notifications';
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
  support: feedMessages.supportTitle,
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
    default:
      // NOTE: the monthly report arrives with the subscriptions (spec 001).
      return <Text c="dimmed">{shellMessages.paneComingSoon}</Text>;
  }
}

/** Hosts the one open context pane on the right (spec 000 §2.2); Escape or Close sets none. */
export function ContextPaneHost() {
  const pane = useStore(contextPane);
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (pane === 'none') return;
    headingRef.current?.focus();
    const onKey = (event: KeyboardEvent): void => {
      if (event.key === 'Escape') closeContextPane();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [pane]);

  if (pane === 'none') return null;
  return (
    <Paper
      component="aside"
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
