// @vitest-environment jsdom
import { diagnosticsEndpoints } from '@aerie/contract';
import { Notifications, notifications } from '@mantine/notifications';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { apiAnswer, apiError, apiHandler, setupApiServer } from '../../../../test/api-server';
import { renderWithProviders } from '../../../../test/render';
import { buildPostRuns } from '../../analyze/diagnostics.fixture';
import { PostReport } from './post-report';

afterEach(() => {
  cleanup();
  notifications.clean();
});

const server = setupApiServer(apiAnswer(diagnosticsEndpoints.post, { runs: buildPostRuns() }));
const query = {
  antennaSerial: 'KYM-2411234',
  relativePath: 'KYM-2411234/KYM-2411234_20261122120000.kdp',
};

function render() {
  renderWithProviders(
    <>
      <Notifications />
      <PostReport query={query} />
    </>,
  );
}

describe('PostReport', () => {
  it('has a tab per run in order, post then post.0 … post.9', async () => {
    render();
    const list = await screen.findByRole('tablist', { name: 'Self-test runs, newest first' });
    const tabs = within(list).getAllByRole('tab');
    expect(tabs).toHaveLength(11);
    expect(tabs.map((tab) => tab.textContent)).toEqual([
      'post',
      'post.0',
      'post.1',
      'post.2',
      'post.3',
      'post.4',
      'post.5',
      'post.6',
      'post.7',
      'post.8',
      'post.9',
    ]);
    expect(tabs[0]?.getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByRole('table', { name: 'Summary of post' })).toBeDefined();
  });

  it("marks a failing run's tab, and shows its results as BIST does", async () => {
    render();
    const failing = await screen.findByRole('tab', { name: 'post.0, failed' });
    expect(failing.getAttribute('data-failed')).toBe('true');
    expect(screen.getByRole('tab', { name: 'post' }).getAttribute('data-failed')).toBeNull();
    fireEvent.click(failing);
    const summary = await screen.findByRole('table', { name: 'Summary of post.0' });
    expect(summary.textContent).toContain('FAIL (2)');
    fireEvent.click(screen.getByRole('button', { name: 'Details of lnaCurrent' }));
    expect(screen.getByText('Failure code 3')).toBeDefined();
  });

  it('disables the tab of a run the file does not have, and says why a run cannot be read', async () => {
    render();
    const absent = await screen.findByRole('tab', { name: 'post.2' });
    expect(absent.hasAttribute('disabled') || absent.getAttribute('aria-disabled') === 'true').toBe(
      true,
    );
    fireEvent.click(screen.getByRole('tab', { name: 'post.1' }));
    expect(await screen.findByText('The report is not valid JSON.')).toBeDefined();
  });

  it("says the spec's text in a toast and inline when the call fails", async () => {
    server.use(apiHandler(diagnosticsEndpoints.post, () => apiError(502, 'Bad gateway')));
    render();
    await waitFor(() =>
      expect(screen.getAllByText('Error attempting to fetch POST data.')).toHaveLength(2),
    );
  });

  it("shows a rejected file's 409 inline", async () => {
    server.use(
      apiHandler(diagnosticsEndpoints.post, () =>
        apiError(409, 'The diagnostic file could not be read: unknown key'),
      ),
    );
    render();
    expect(
      await screen.findByText('The diagnostic file could not be read: unknown key'),
    ).toBeDefined();
    expect(screen.queryByText('Error attempting to fetch POST data.')).toBeNull();
  });
});
