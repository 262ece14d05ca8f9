import { metricGraphSchema } from '@aerie/contract';
import { describe, expect, it } from 'vitest';
import {
  buildGraph,
  defaultGraphName,
  emptyGraphForm,
  graphsOfDevice,
  selectableTypes,
  validateGraphForm,
  type GraphFormValues,
  type MetricReference,
} from './graph-form';

const DEVICE = '3f6c1a52-7b8e-4d2f-9a01-5e4b3c2d1f00';
const OTHER = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';

const type = (shortcode: string, name: string, unit = '') => ({
  shortcode,
  name,
  description: name,
  unit,
});

const reference: MetricReference = {
  providers: [
    { shortcode: 'PV_ANTENNA', name: 'Antenna' },
    { shortcode: 'PV_INTSATFLEXMOVE', name: 'FlexMove hub' },
  ],
  metrics: [
    {
      providerShortcode: 'PV_ANTENNA',
      types: [
        type('MT_SPEED', 'Speed', 'km/h'),
        type('MT_BEAM', 'Beam'),
        type('MT_LATITUDE', 'Latitude'),
      ],
    },
    {
      providerShortcode: 'PV_INTSATFLEXMOVE',
      types: [
        type('MT_CN0', 'Downstream C/N0', 'dBHz'),
        type('MT_LATENCY', 'Round-trip latency', 'ms'),
      ],
    },
  ],
};

const form = (values: Partial<GraphFormValues>): GraphFormValues => ({
  ...emptyGraphForm,
  ...values,
});

describe('selectableTypes', () => {
  it('never offers the hidden MT_BEAM', () => {
    expect(selectableTypes(reference, 'PV_ANTENNA').map((t) => t.shortcode)).toEqual([
      'MT_SPEED',
      'MT_LATITUDE',
    ]);
  });

  it('leaves the first metric out of the second list when the provider is the same', () => {
    const first = { provider: 'PV_INTSATFLEXMOVE', type: 'MT_CN0' };
    expect(selectableTypes(reference, 'PV_INTSATFLEXMOVE', first).map((t) => t.shortcode)).toEqual([
      'MT_LATENCY',
    ]);
    expect(selectableTypes(reference, 'PV_ANTENNA', first).map((t) => t.shortcode)).toEqual([
      'MT_SPEED',
      'MT_LATITUDE',
    ]);
  });

  it('offers nothing without a provider or for an unknown one', () => {
    expect(selectableTypes(reference, null)).toEqual([]);
    expect(selectableTypes(reference, 'PV_UNKNOWN')).toEqual([]);
  });
});

describe('defaultGraphName', () => {
  it("joins the metric names with ' & '", () => {
    expect(defaultGraphName(['Downstream C/N0', 'Round-trip latency'])).toBe(
      'Downstream C/N0 & Round-trip latency',
    );
    expect(defaultGraphName(['Speed', undefined])).toBe('Speed');
  });

  it("falls back to 'Metrics Graph'", () => {
    expect(defaultGraphName([])).toBe('Metrics Graph');
    expect(defaultGraphName([undefined, ' '])).toBe('Metrics Graph');
  });
});

describe('validateGraphForm', () => {
  it('needs a type for the first metric', () => {
    expect(validateGraphForm(form({ firstProvider: 'PV_ANTENNA' }), reference)).toEqual({
      firstType: 'Please choose a Type for the first metric.',
    });
    expect(validateGraphForm(emptyGraphForm, reference).firstType).toBe(
      'Please choose a Type for the first metric.',
    );
  });

  it('says so when there are no metric providers', () => {
    expect(validateGraphForm(form({}), { providers: [], metrics: [] })).toEqual({
      form: 'Metric providers not found.',
    });
  });

  it('refuses providers the reference data does not know', () => {
    expect(
      validateGraphForm(form({ firstProvider: 'PV_GONE', firstType: 'MT_SPEED' }), reference),
    ).toEqual({ firstProvider: 'Unable to identify first metric provider.' });
    expect(
      validateGraphForm(
        form({
          firstProvider: 'PV_ANTENNA',
          firstType: 'MT_SPEED',
          secondProvider: 'PV_GONE',
          secondType: 'MT_X',
        }),
        reference,
      ),
    ).toEqual({ secondProvider: 'Unable to identify second metric provider.' });
  });

  it('needs a provider when a second metric is chosen', () => {
    const values = form({
      firstProvider: 'PV_ANTENNA',
      firstType: 'MT_SPEED',
      secondType: 'MT_CN0',
    });
    expect(validateGraphForm(values, reference)).toEqual({
      secondProvider: 'Please choose a Provider for the second metric.',
    });
  });

  it('accepts one metric, or two, and a provider without a second type is no second metric', () => {
    const one = form({
      firstProvider: 'PV_ANTENNA',
      firstType: 'MT_SPEED',
      secondProvider: 'PV_ANTENNA',
    });
    expect(validateGraphForm(one, reference)).toEqual({});
    const two = form({
      firstProvider: 'PV_INTSATFLEXMOVE',
      firstType: 'MT_CN0',
      secondProvider: 'PV_INTSATFLEXMOVE',
      secondType: 'MT_LATENCY',
    });
    expect(validateGraphForm(two, reference)).toEqual({});
  });

  it('needs both custom dates, the end after the start', () => {
    const custom = form({ firstProvider: 'PV_ANTENNA', firstType: 'MT_SPEED', timeSpan: 'custom' });
    expect(validateGraphForm(custom, reference)).toEqual({
      startDate: 'Please choose both a start and an end date.',
    });
    expect(validateGraphForm({ ...custom, startDate: '2026-11-01 00:00:00' }, reference)).toEqual({
      endDate: 'Please choose both a start and an end date.',
    });
    expect(
      validateGraphForm(
        { ...custom, startDate: '2026-11-02 00:00:00', endDate: '2026-11-01 00:00:00' },
        reference,
      ),
    ).toEqual({ endDate: 'The end date must be after the start date.' });
    expect(
      validateGraphForm(
        { ...custom, startDate: '2026-11-01 00:00:00', endDate: '2026-11-02 00:00:00' },
        reference,
      ),
    ).toEqual({});
  });
});

describe('buildGraph', () => {
  it('builds a graph the userGraphs setting accepts, named after its metrics', () => {
    const graph = buildGraph(
      form({
        firstProvider: 'PV_INTSATFLEXMOVE',
        firstType: 'MT_CN0',
        secondProvider: 'PV_ANTENNA',
        secondType: 'MT_SPEED',
      }),
      reference,
      DEVICE,
      'a1b2',
    );
    expect(metricGraphSchema.parse(graph)).toEqual(graph);
    expect(graph).toMatchObject({
      name: 'Downstream C/N0 & Speed',
      shortcodes: [
        ['PV_INTSATFLEXMOVE', 'MT_CN0', DEVICE],
        ['PV_ANTENNA', 'MT_SPEED', DEVICE],
      ],
      timeSpan: { id: 'day', name: 'Last 24 hours' },
      startDate: null,
      endDate: null,
      graphType: 'line',
      dataColor1: '#65BD81',
      dataColor2: '#75A7D3',
      autoRefresh: false,
    });
  });

  it('keeps a given name and the custom dates as ISO', () => {
    const graph = buildGraph(
      form({
        name: '  Speed at sea ',
        firstProvider: 'PV_ANTENNA',
        firstType: 'MT_SPEED',
        timeSpan: 'custom',
        graphType: 'area',
        startDate: '2026-11-01 00:00:00',
        endDate: '2026-11-02 12:00:00',
      }),
      reference,
      DEVICE,
      'a1b2',
    );
    expect(graph.name).toBe('Speed at sea');
    expect(graph.startDate).toBe(new Date(2026, 10, 1).toISOString());
    expect(graph.endDate).toBe(new Date(2026, 10, 2, 12).toISOString());
    expect(metricGraphSchema.safeParse(graph).success).toBe(true);
  });

  it('does not plot the same metric twice', () => {
    const graph = buildGraph(
      form({
        firstProvider: 'PV_ANTENNA',
        firstType: 'MT_SPEED',
        secondProvider: 'PV_ANTENNA',
        secondType: 'MT_SPEED',
      }),
      reference,
      DEVICE,
      'a1b2',
    );
    expect(graph.shortcodes).toHaveLength(1);
  });
});

describe('graphsOfDevice', () => {
  it('keeps the graphs that plot a metric of the device', () => {
    const mine = buildGraph(
      form({ firstProvider: 'PV_ANTENNA', firstType: 'MT_SPEED' }),
      reference,
      DEVICE,
      'a',
    );
    const theirs = buildGraph(
      form({ firstProvider: 'PV_ANTENNA', firstType: 'MT_SPEED' }),
      reference,
      OTHER,
      'b',
    );
    expect(graphsOfDevice([mine, theirs], DEVICE)).toEqual([mine]);
  });
});
