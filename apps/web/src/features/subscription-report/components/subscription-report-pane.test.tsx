// @vitest-environment jsdom
import { subscriptionsEndpoints } from '@aerie/contract';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { apiError, apiHandler, setupApiServer } from '../../../test/api-server';
import { renderWithProviders } from '../../../test/render';
import { SubscriptionReportPane } from './subscription-report-pane';

const FAILED = 'Failed to fetch monthly subscription report, Please try again later.';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const year = new Date().getFullYear();

/** A file as the server sends it (its first bytes: a zip's). */
const aWorkbook = () => new HttpResponse('PK\u0003\u0004', { headers: { 'Content-Type': XLSX } });
let answer: () => Response = aWorkbook;
const server = setupApiServer(apiHandler(subscriptionsEndpoints.monthlyReport, () => answer()));

let click: MockInstance<() => void>;
beforeEach(() => {
  answer = aWorkbook;
  URL.createObjectURL = vi.fn(() => 'blob:report');
  URL.revokeObjectURL = vi.fn();
  click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
});
afterEach(() => {
  click.mockRestore();
  cleanup();
});

/** Opens the month picker and picks January of this year (never a month still to come). */
async function pickJanuary() {
  fireEvent.click(screen.getByRole('button', { name: /^Month/ }));
  fireEvent.click(await screen.findByRole('button', { name: `January ${year}` }));
}

const download = () => fireEvent.click(screen.getByRole('button', { name: 'Download' }));

describe('SubscriptionReportPane', () => {
  it('requires a month: Download without one says so and asks the server nothing', async () => {
    renderWithProviders(<SubscriptionReportPane />);
    download();
    expect(await screen.findByText('Month is required.')).toBeDefined();
    expect(server.requests()).toHaveLength(0);
  });

  it('shows the picked month as MM/YYYY and saves its report as UsageReport-{yyyy}-{MM}.xlsx', async () => {
    renderWithProviders(<SubscriptionReportPane />);
    await pickJanuary();
    expect(screen.getByRole('button', { name: /^Month/ }).textContent).toContain(`01/${year}`);
    download();
    await waitFor(() => expect(server.requests()).toHaveLength(1));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe(
      `UsageReport-${year}-01.xlsx`,
    );
    const [request] = server.requests();
    expect(request?.path).toBe(`/v2/subscriptions/${year}/01`);
    expect(request?.headers.get('authorization')).toBe('Bearer t');
    expect(screen.queryByText(FAILED)).toBeNull();
  });

  it("shows the spec's failure text when the report comes back empty, and saves nothing", async () => {
    answer = () => new HttpResponse(null, { status: 200, headers: { 'Content-Type': XLSX } });
    renderWithProviders(<SubscriptionReportPane />);
    await pickJanuary();
    download();
    expect((await screen.findByRole('alert')).textContent).toBe(FAILED);
    expect(click).not.toHaveBeenCalled();
  });

  it("adds the server's reason to the failure text when it refused the month", async () => {
    answer = () => apiError(404, `No subscription was active in 01/${year}.`);
    renderWithProviders(<SubscriptionReportPane />);
    await pickJanuary();
    download();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(FAILED);
    expect(alert.textContent).toContain(`No subscription was active in 01/${year}.`);
  });

  it('shows only the failure text for a server error, and clears it when another month is picked', async () => {
    answer = () => apiError(500, 'database is down');
    renderWithProviders(<SubscriptionReportPane />);
    await pickJanuary();
    download();
    expect((await screen.findByRole('alert')).textContent).toBe(FAILED);
    fireEvent.click(screen.getByRole('button', { name: /^Month/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Previous year' }));
    fireEvent.click(await screen.findByRole('button', { name: `December ${year - 1}` }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });
});
