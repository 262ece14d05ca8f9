// @vitest-environment jsdom
import {
  type MetricGraph,
  type MetricProvider,
  type MetricResponse,
  metricsEndpoints,
  type ProviderMetrics,
  referenceEndpoints,
} from '@aerie/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, type JsonBodyType } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiHandler, notFoundHandler, setupApiServer } from '../../../test/api-server';
import { renderWithProviders } from '../../../test/render';
import { MetricGraphs } from './metric-graphs';

vi.mock('./metric-chart', () => ({
  MetricChart: ({ label }: { label: string }) => <div role="img" aria-label={label} />,
}));

afterEach(cleanup);

const DEVICE = '3f6c1a52-7b8e-4d2f-9a01-5e4b3c2d1f00';
const OTHER = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';

const providers: MetricProvider[] = [
  { shortcode: 'PV_ANTENNA', name: 'Antenna' },
  { shortcode: 'PV_INTSATFLEXMOVE', name: 'FlexMove hub' },
];
const types: ProviderMetrics[] = [
  {
    providerShortcode: 'PV_ANTENNA',
    types: [
      { shortcode: 'MT_SPEED', name: 'Speed', description: '', unit: 'km/h' },
      { shortcode: 'MT_BEAM', name: 'Beam', description: '', unit: '' },
    ],
  },
  {
    providerShortcode: 'PV_INTSATFLEXMOVE',
    types: [
      { shortcode: 'MT_CN0', name: 'Downstream C/N0', description: '', unit: 'dBHz' },
      { shortcode: 'MT_LATENCY', name: 'Round-trip latency', description: '', unit: 'ms' },
    ],
  },
];

function graph(deviceId: string, overrides: Partial<MetricGraph> = {}): MetricGraph {
  return {
    id: `g-${deviceId.slice(0, 4)}`,
    name: 'Speed',
    shortcodes: [['PV_ANTENNA', 'MT_SPEED', deviceId]],
    timeSpan: { id: 'day', name: 'Last 24 hours' },
    startDate: null,
    endDate: null,
    autoRefresh: false,
    dataColor1: '#65BD81',
    dataColor2: '#75A7D3',
    graphType: 'line',
    delimiter: ',',
    ...overrides,
  };
}

let metricAnswer: () => Response;

function speedAnswer(values: MetricResponse['metrics'][number]['values']): MetricResponse {
  return {
    metrics: [
      {
        deviceId: DEVICE,
        provider: 'PV_ANTENNA',
        metric: 'MT_SPEED',
        unit: 'km/h',
        sampleCount: values.length,
        downsampled: false,
        values,
      },
    ],
  };
}

let providerList: MetricProvider[];
const json = (body: JsonBodyType, status = 200) => HttpResponse.json(body, { status });

beforeEach(() => {
  providerList = providers;
  metricAnswer = () => json(speedAnswer([]));
});
setupApiServer(
  apiHandler(referenceEndpoints.metricProviders, () => json(providerList)),
  apiHandler(referenceEndpoints.metrics, () => json(types)),
  apiHandler(metricsEndpoints.query, () => metricAnswer()),
  notFoundHandler,
);

function renderGraphs(
  graphs: MetricGraph[],
  onSave = vi.fn(async (_graphs: MetricGraph[]) => undefined),
) {
  renderWithProviders(<MetricGraphs deviceId={DEVICE} graphs={graphs} onSave={onSave} />);
  return onSave;
}

describe('MetricGraphs', () => {
  it("shows 'Add some graphs via the button above!' when no graph plots this device", () => {
    renderGraphs([graph(OTHER)]);
    expect(screen.getByText('Add some graphs via the button above!')).toBeDefined();
  });

  it('refuses to save a graph without a first metric type', async () => {
    const onSave = renderGraphs([]);
    fireEvent.click(screen.getByRole('button', { name: 'Add Graph' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Graph' });
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('Please choose a Type for the first metric.'),
    ).toBeDefined();
    expect(onSave).not.toHaveBeenCalled();
  });

  it("says 'Metric providers not found.' when there are none", async () => {
    providerList = [];
    renderGraphs([]);
    fireEvent.click(screen.getByRole('button', { name: 'Add Graph' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Graph' });
    expect(await within(dialog).findByText('Metric providers not found.')).toBeDefined();
  });

  it('shows the empty text when the range has no data', async () => {
    renderGraphs([graph(DEVICE), graph(OTHER, { id: 'other', name: 'Elsewhere' })]);
    expect(screen.getByRole('heading', { name: 'Speed' })).toBeDefined();
    expect(screen.queryByRole('heading', { name: 'Elsewhere' })).toBeNull();
    expect(
      await screen.findByText('There is no data for this graph in the selected time range.'),
    ).toBeDefined();
  });

  it('shows the error text when the data cannot be fetched', async () => {
    metricAnswer = () => json({ message: 'boom' }, 400);
    renderGraphs([graph(DEVICE)]);
    expect(
      await screen.findByText('Encountered an error while fetching metric data.'),
    ).toBeDefined();
  });

  it('draws the chart when there is data, and removes a graph', async () => {
    metricAnswer = () =>
      json(speedAnswer([{ timestamp: new Date(Date.now() - 3_600_000).toISOString(), value: 12 }]));
    const onSave = renderGraphs([graph(DEVICE), graph(OTHER)]);
    expect(await screen.findByRole('img', { name: 'Chart: Speed' })).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: 'Remove graph Speed' }));
    // Nothing is removed before the confirmation.
    expect(onSave).not.toHaveBeenCalled();
    fireEvent.click(await screen.findByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith([graph(OTHER)]));
  });

  it('saves a span change, and a custom span starts as the range shown', async () => {
    const onSave = renderGraphs([graph(DEVICE)]);
    const card = screen.getByRole('region', { name: 'Speed' });
    fireEvent.click(within(card).getByRole('combobox', { name: 'Time span' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Last 7 days' }));
    await waitFor(() =>
      expect(onSave).toHaveBeenLastCalledWith([
        { ...graph(DEVICE), timeSpan: { id: 'week', name: 'Last 7 days' } },
      ]),
    );

    fireEvent.click(within(card).getByRole('combobox', { name: 'Time span' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Custom' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(2));
    const [saved] = onSave.mock.lastCall![0];
    expect(saved?.timeSpan).toEqual({ id: 'custom', name: 'Custom' });
    const length = Date.parse(saved!.endDate!) - Date.parse(saved!.startDate!);
    expect(length).toBe(24 * 3_600_000);
  });
});
