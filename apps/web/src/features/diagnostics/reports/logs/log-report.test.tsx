// @vitest-environment jsdom
import { diagnosticsEndpoints, type LogEntry, type LogSearchPage } from '@aerie/contract';
import { Notifications, notifications } from '@mantine/notifications';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiAnswer, apiError, apiHandler, setupApiServer } from '../../../../test/api-server';
import { renderWithProviders } from '../../../../test/render';
import { LogReport } from './log-report';

afterEach(() => {
  cleanup();
  notifications.clean();
});

const T0 = Date.parse('2026-11-22T09:00:00Z');
const SCRIPT = '<script>window.__pwned = 1</script>';

/** 250 lines of syslog: "link down" every 40th, markup on line 3. */
function line(k: number): LogEntry {
  const text = k === 3 ? SCRIPT : k % 40 === 7 ? 'modemd[748]: link down' : `aimd[733]: track ${k}`;
  const content = `${new Date(T0 + k * 1000).toISOString()} KYM-1 ${text}`;
  const at = content.indexOf('link down');
  return {
    lineContent: content,
    fileName: 'logs/syslog',
    lineNumber: k + 1,
    lineDate: new Date(T0 + k * 1000).toISOString(),
    isHighlight: false,
    updatedPage: 1,
    logType: 'syslog',
    highlights: at >= 0 ? [[at, at + 9]] : [],
    truncated: false,
  };
}
const LINES = Array.from({ length: 250 }, (_, k) => line(k));

/** The fake server's paging: filter or highlight "link down", requireHighlight forward. */
function answerPage(url: URL): LogSearchPage {
  const q = url.searchParams;
  const size = Number(q.get('pageSize') ?? 50);
  const term = q.get('filter') ?? q.get('highlight');
  const matches = (e: LogEntry) => term !== null && e.lineContent.includes('link down');
  const rows = q.get('filter') ? LINES.filter(matches) : LINES;
  let page = Number(q.get('pageNumber') ?? 1);
  if (q.get('requireHighlight') === 'true') {
    const first = rows.findIndex((e, i) => i >= (page - 1) * size && matches(e));
    if (first >= 0) page = Math.floor(first / size) + 1;
  }
  const slice = size === -1 ? rows : rows.slice((page - 1) * size, page * size);
  const info = (text: string | null) =>
    text ? { text, mode: 'regex' as const, message: null } : null;
  return {
    entries: slice.map((e) => ({ ...e, isHighlight: matches(e), updatedPage: page })),
    updatedPage: page,
    pageSize: size,
    highlight: info(q.get('highlight')),
    filter: info(q.get('filter')),
  };
}

const server = setupApiServer(
  apiAnswer(diagnosticsEndpoints.syslogDates, {
    MinDate: new Date(T0).toISOString(),
    MaxDate: new Date(T0 + 249_000).toISOString(),
  }),
  apiHandler(diagnosticsEndpoints.syslog, ({ request }) =>
    HttpResponse.json(answerPage(new URL(request.url))),
  ),
);
const query = {
  antennaSerial: 'KYM-1',
  relativePath: 'KYM-1/KYM-1_20261122120000.kdp',
};

function render() {
  renderWithProviders(
    <>
      <Notifications />
      <LogReport query={query} />
    </>,
  );
}

const searchButton = () => screen.getByRole('button', { name: 'Search' });
const sentSearches = () =>
  server
    .requests()
    .filter((r) => r.url.pathname === '/v1/diagnostics/reports/syslog')
    .map((r) => Object.fromEntries(r.url.searchParams));

// Pages of 100 rows of Mantine components take a while to render in jsdom.
describe('the Search report (log viewer)', { timeout: 20_000 }, () => {
  it('says what to do before a search, and loads the logs’ date range', async () => {
    render();
    expect(
      screen.getByText(
        'No log entries found. Select log types and date range, then click "Search".',
      ),
    ).toBeDefined();
    expect(await screen.findByDisplayValue('2026-11-22 09:00:00')).toBeDefined();
    expect(screen.getByDisplayValue('2026-11-22 09:04:09')).toBeDefined();
  });

  it('asks for a log type, and for the date range to load, before searching', async () => {
    server.use(
      apiHandler(diagnosticsEndpoints.syslogDates, async () => {
        await new Promise(() => {});
        return HttpResponse.json({});
      }),
    );
    render();
    fireEvent.click(searchButton());
    expect(
      await screen.findByText('Please wait for date range to load before searching.'),
    ).toBeDefined();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Syslog' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Debug' }));
    fireEvent.click(searchButton());
    expect(
      await screen.findByText(
        'Please select at least one log type (Syslog or Debug) before searching.',
      ),
    ).toBeDefined();
    expect(sentSearches()).toEqual([]);
  });

  it('loads page 1 of 100 and shows markup in a log as text, never as HTML', async () => {
    render();
    await screen.findByDisplayValue('2026-11-22 09:00:00');
    fireEvent.click(searchButton());
    const view = await screen.findByRole('region', { name: 'Log entries' });
    await waitFor(() => expect(within(view).getAllByRole('listitem').length).toBeGreaterThan(0));
    expect(sentSearches()[0]).toMatchObject({
      logTypes: 'syslog,debug',
      pageNumber: '1',
      pageSize: '100',
      antennaSerial: 'KYM-1',
    });
    expect(within(view).getByText(SCRIPT, { exact: false })).toBeDefined();
    expect(view.querySelector('script')).toBeNull();
  });

  it('marks matches, jumps to the first highlight and steps on to the next, fetching more', async () => {
    render();
    await screen.findByDisplayValue('2026-11-22 09:00:00');
    // Without a term there is nothing to step to.
    fireEvent.click(searchButton());
    await screen.findByRole('region', { name: 'Log entries' });
    fireEvent.click(await screen.findByRole('button', { name: 'Next highlight' }));
    expect(
      await screen.findByText('No search term provided for finding more highlights'),
    ).toBeDefined();
    fireEvent.change(screen.getByRole('textbox', { name: /Search text/ }), {
      target: { value: 'link down' },
    });
    fireEvent.click(searchButton());
    const view = await screen.findByRole('region', { name: 'Log entries' });
    await waitFor(() => expect(view.querySelectorAll('mark').length).toBe(3));
    expect(sentSearches().at(-1)).toMatchObject({
      highlight: 'link down',
      requireHighlight: 'true',
    });
    expect([...view.querySelectorAll('mark')].map((e) => e.textContent)).toEqual([
      'link down',
      'link down',
      'link down',
    ]);
    // Three highlights in the page (the first jumped to), then the next page holding one.
    const next = screen.getByRole('button', { name: 'Next highlight' });
    fireEvent.click(next);
    fireEvent.click(next);
    fireEvent.click(next);
    expect(await screen.findByText('Found more highlights!')).toBeDefined();
    expect(sentSearches().some((s) => s.pageNumber === '2' && s.requireHighlight === 'true')).toBe(
      true,
    );
  });

  it('filters, pins lines, copies and clears the pins, and downloads logs.txt', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    URL.createObjectURL = vi.fn(() => 'blob:logs');
    URL.revokeObjectURL = vi.fn();
    render();
    await screen.findByDisplayValue('2026-11-22 09:00:00');
    expect(screen.queryByRole('button', { name: 'Download' })).toBeNull();
    fireEvent.click(screen.getByText('Filter'));
    fireEvent.change(screen.getByRole('textbox', { name: /Search text/ }), {
      target: { value: 'link down' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Copy all' }));
    expect(await screen.findByText('No pinned entries to copy.')).toBeDefined();
    fireEvent.click(searchButton());
    const view = await screen.findByRole('region', { name: 'Log entries' });
    await waitFor(() => expect(within(view).getAllByRole('listitem')).toHaveLength(7));
    fireEvent.click(within(view).getAllByRole('button', { name: /^Pin / })[0] as HTMLElement);
    expect(await screen.findByText('Log entry pinned')).toBeDefined();
    fireEvent.click(within(view).getAllByRole('button', { name: /^Pin / })[1] as HTMLElement);
    const pins = screen.getByRole('list', { name: 'Pinned entries' });
    await waitFor(() => expect(within(pins).getAllByRole('listitem')).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: 'Copy all' }));
    expect(await screen.findByText('Pinned log lines copied to clipboard!')).toBeDefined();
    expect(writeText).toHaveBeenCalledWith(
      [LINES[7], LINES[47]].map((l) => l?.lineContent).join('\n'),
    );
    // Dragged: the second pin before the first.
    const data = new Map<string, string>();
    const dataTransfer = {
      setData: (k: string, v: string) => data.set(k, v),
      getData: (k: string) => data.get(k) ?? '',
      effectAllowed: 'move',
    };
    const [first, second] = within(pins).getAllByRole('listitem') as [HTMLElement, HTMLElement];
    fireEvent.dragStart(second, { dataTransfer });
    fireEvent.dragOver(first, { dataTransfer });
    fireEvent.drop(first, { dataTransfer });
    await waitFor(() =>
      expect(within(pins).getAllByRole('listitem')[0]?.textContent).toContain('link down'),
    );
    expect(within(pins).getAllByRole('listitem')[0]?.textContent).toContain(LINES[47]?.lineContent);
    fireEvent.click(screen.getByRole('button', { name: 'Download' }));
    expect(await screen.findByText('Downloaded logs.txt')).toBeDefined();
    expect(sentSearches().at(-1)).toMatchObject({ pageSize: '-1', filter: 'link down' });
    fireEvent.click(screen.getByRole('button', { name: 'Clear all' }));
    expect(await screen.findByText('All pins cleared')).toBeDefined();
  });

  it('says why a search failed, with the server’s message', async () => {
    server.use(
      apiHandler(diagnosticsEndpoints.syslog, () =>
        apiError(400, 'The search pattern uses a backreference (\\1) at position 4.'),
      ),
    );
    render();
    await screen.findByDisplayValue('2026-11-22 09:00:00');
    fireEvent.click(searchButton());
    expect(
      await screen.findByText(
        'Error initializing log data: The search pattern uses a backreference (\\1) at position 4.',
      ),
    ).toBeDefined();
  });
});
