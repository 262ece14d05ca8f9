import type { DiagnosticReportQuery } from '@aerie/contract';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Icon } from '../../../../components/ui/icons';
import { showToast } from '../../../../lib/toast';
import { useLogDates } from '../../analyze/api/get-log-dates';
import { type LogSearch } from '../../analyze/api/get-log-page';
import { RetryButton } from '../../components/retry-button';
import { REPORT_ERROR_TOAST_MS, useReportErrorToast } from '../report-state';
import { logMessages as m } from './log-messages';
import { LogPins } from './log-pins';
import { LogSearchForm, type LogSearchDraft } from './log-search-form';
import { LogView } from './log-view';
import { useLogActions } from './use-log-actions';
import { useLogWindow, type LogAnchor } from './use-log-window';

export interface LogReportProps {
  query: DiagnosticReportQuery;
}

const info = (message: string) => showToast({ message, color: 'yellow', autoClose: 2_000 });
const errorToast = (message: string) =>
  showToast({ message, color: 'red', autoClose: REPORT_ERROR_TOAST_MS });

/** The search of a draft: log types in the merge's order, the range open at the logs' ends. */
function applySearch(draft: LogSearchDraft, bounds: [number, number] | null): LogSearch {
  const [from, to] = draft.range ?? [Number.NaN, Number.NaN];
  return {
    logTypes: (['syslog', 'debug'] as const).filter((t) => draft.logTypes.includes(t)),
    fromDate: bounds && from > bounds[0] ? new Date(from).toISOString() : null,
    toDate: bounds && to < bounds[1] ? new Date(to).toISOString() : null,
    text: draft.text,
    mode: draft.mode,
  };
}

/**
 * The Search report (log viewer, spec 001 §2, §4, §5, §8, §9): the bundle's syslog and debug
 * log searched and paged by the server, shown 600 px at a time with about five pages kept,
 * highlights to step through, pins to keep lines at hand, and the Download of a filter search.
 */
export function LogReport({ query }: LogReportProps) {
  const dates = useLogDates(query);
  useReportErrorToast(dates.error, m.errors.fetchDates);
  const bounds = useMemo((): [number, number] | null => {
    if (!dates.data?.MinDate || !dates.data.MaxDate) return null;
    return [Date.parse(dates.data.MinDate), Date.parse(dates.data.MaxDate)];
  }, [dates.data]);

  const [draft, setDraft] = useState<LogSearchDraft>({
    logTypes: ['syslog', 'debug'],
    range: null,
    text: '',
    mode: 'highlight',
  });
  // The range starts as the logs' whole range once it is known.
  useEffect(() => {
    if (bounds) setDraft((d) => (d.range ? d : { ...d, range: bounds }));
  }, [bounds]);

  const [search, setSearch] = useState<LogSearch | null>(null);
  const [anchor, setAnchor] = useState<LogAnchor>({
    pageNumber: 1,
    requireHighlight: false,
    generation: 0,
  });
  const window = useLogWindow(query, search, anchor);
  const actions = useLogActions({ query, search, window, setAnchor, info, errorToast });

  // A page that fails to load after the first (spec 001 §8).
  const failedPage = useRef<number | null>(null);
  const loadPage = (direction: 'next' | 'previous') => {
    if (window.isFetching) return;
    const page =
      direction === 'next'
        ? window.lastPage + 1
        : (window.pages[0]?.updatedPage ?? anchor.pageNumber) - 1;
    const work = direction === 'next' ? window.fetchNextPage() : window.fetchPreviousPage();
    void work.then((result) => {
      if (result.isFetchNextPageError || result.isFetchPreviousPageError) {
        if (failedPage.current === page) return;
        failedPage.current = page;
        const message = result.error instanceof Error ? result.error.message : '';
        errorToast(m.errors.page(page, message));
      }
    });
  };

  const onSearch = () => {
    if (draft.logTypes.length === 0) return info(m.selectLogType);
    if (dates.isPending) return info(m.waitForDates);
    // The initial window is cleared and page 1 loaded (spec 001 §4); in highlight mode the
    // first highlight is jumped to.
    const next = applySearch(draft, bounds);
    setSearch(next);
    failedPage.current = null;
    setAnchor((a) => ({
      pageNumber: 1,
      requireHighlight: next.mode === 'highlight' && next.text !== '',
      generation: a.generation + 1,
    }));
    actions.startSearch(next);
  };

  const first = window.pages[0];
  const initialError = window.pages.length === 0 && window.error ? window.error : null;
  const rangeUnchanged =
    search !== null &&
    JSON.stringify(applySearch(draft, bounds).fromDate) === JSON.stringify(search.fromDate) &&
    JSON.stringify(applySearch(draft, bounds).toDate) === JSON.stringify(search.toDate);
  const filtered = search !== null && search.mode === 'filter' && search.text !== '';

  return (
    <Stack gap="sm">
      {dates.error ? (
        <Alert
          role="alert"
          color="red"
          icon={<Icon name="error" size={18} />}
          title={m.errors.dates}
        >
          <RetryButton onRetry={() => void dates.refetch()} retrying={dates.isFetching} />
        </Alert>
      ) : null}
      <LogSearchForm
        draft={draft}
        onChange={setDraft}
        bounds={bounds}
        datesLoading={dates.isPending}
        onSearch={onSearch}
        onDownload={filtered ? () => void actions.download() : null}
        busy={window.isFetching && window.pages.length === 0 && search !== null}
        downloading={actions.downloading}
      />
      {[first?.filter, first?.highlight].map((p) =>
        p && p.mode === 'literal' && p.message ? (
          <Text key={p.text} size="sm" c="dimmed">
            {m.literal(p.message)}
          </Text>
        ) : null,
      )}
      {search !== null ? (
        <Group gap="xs" justify="space-between">
          <Group gap="xs">
            <Button
              size="compact-sm"
              variant="default"
              leftSection={<Icon name="chevronLeft" size={14} />}
              onClick={() => void actions.previousHighlight()}
            >
              {m.previousHighlight}
            </Button>
            <Button
              size="compact-sm"
              variant="default"
              rightSection={<Icon name="chevronRight" size={14} />}
              onClick={() => void actions.nextHighlight()}
            >
              {m.nextHighlight}
            </Button>
          </Group>
          <Text size="sm" c="dimmed" aria-live="polite">
            {m.highlightCount(window.entries.filter((e) => e.entry.isHighlight).length)}
          </Text>
        </Group>
      ) : null}
      {initialError ? (
        <Alert
          role="alert"
          color="red"
          icon={<Icon name="error" size={18} />}
          title={m.errors.search}
        >
          <Text size="sm">
            {m.errors.init(initialError instanceof Error ? initialError.message : '')}
          </Text>
        </Alert>
      ) : search === null || (window.pages.length > 0 && window.entries.length === 0) ? (
        <Text c="dimmed" size="sm" py="md">
          {m.empty}
        </Text>
      ) : (
        <LogView
          entries={window.entries}
          flashKey={actions.flashKey}
          currentKey={actions.currentKey}
          scrollTarget={actions.scrollTarget}
          loadingNext={
            window.isFetchingNextPage || (window.isFetching && window.pages.length === 0)
          }
          loadingPrevious={window.isFetchingPreviousPage}
          reachedEnd={window.reachedEnd}
          onNearEnd={(scrolled) => {
            // A page that failed is asked again only when the user scrolls to it.
            if (window.hasNextPage && (scrolled || !window.isFetchNextPageError)) loadPage('next');
          }}
          onTop={() => {
            // Only while the range searched is the one in the form (spec 001 §4).
            if (window.hasPreviousPage && rangeUnchanged) loadPage('previous');
          }}
          onPin={actions.pin}
        />
      )}
      <LogPins
        pins={actions.pins}
        onJump={(pin) => void actions.jump(pin)}
        onRemove={actions.removePin}
        onMove={actions.movePin}
        onCopyAll={() => void actions.copyPins()}
        onClearAll={actions.clearPins}
      />
    </Stack>
  );
}
