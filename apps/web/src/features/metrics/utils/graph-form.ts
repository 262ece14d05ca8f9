import {
  METRIC_GRAPH_COLORS,
  type GraphShortcode,
  type GraphTimeSpanId,
  type GraphType,
  type MetricGraph,
  type MetricProvider,
  type MetricType,
  type ProviderMetrics,
} from '@aerie/contract';
import { metricsMessages } from '../messages';
import { HIDDEN_METRICS } from './chart-series';
import { timeSpanOf } from './time-spans';

/** What the Add Graph form holds (spec 001 §5 "Add graph"). */
export interface GraphFormValues {
  name: string;
  firstProvider: string | null;
  firstType: string | null;
  secondProvider: string | null;
  secondType: string | null;
  timeSpan: GraphTimeSpanId;
  graphType: GraphType;
  /** Custom span bounds as the date pickers give them ('YYYY-MM-DD HH:mm:ss', local time). */
  startDate: string | null;
  endDate: string | null;
}

export type GraphFormField = Exclude<keyof GraphFormValues, 'graphType' | 'name' | 'timeSpan'>;
export type GraphFormErrors = Partial<Record<GraphFormField | 'form', string>>;

/** The defaults of a new graph (spec 001 §9): last 24 hours, line. */
export const emptyGraphForm: GraphFormValues = {
  name: '',
  firstProvider: null,
  firstType: null,
  secondProvider: null,
  secondType: null,
  timeSpan: 'day',
  graphType: 'line',
  startDate: null,
  endDate: null,
};

/** The reference data the form works from. */
export interface MetricReference {
  providers: readonly MetricProvider[];
  metrics: readonly ProviderMetrics[];
}

function typesOf(reference: MetricReference, provider: string | null): readonly MetricType[] {
  if (!provider) return [];
  return reference.metrics.find((m) => m.providerShortcode === provider)?.types ?? [];
}

/** Whether a provider is one the reference data knows, with its metric types. */
function knownProvider(reference: MetricReference, provider: string | null): boolean {
  return (
    provider !== null &&
    reference.providers.some((p) => p.shortcode === provider) &&
    reference.metrics.some((m) => m.providerShortcode === provider)
  );
}

/**
 * The metric types offered for a provider: never the hidden MT_BEAM, and for the second metric
 * not the first metric when both come from the same provider (spec 001 §5).
 */
export function selectableTypes(
  reference: MetricReference,
  provider: string | null,
  exclude?: { provider: string | null; type: string | null },
): MetricType[] {
  return typesOf(reference, provider).filter(
    (t) =>
      !HIDDEN_METRICS.has(t.shortcode) &&
      !(exclude && exclude.provider === provider && exclude.type === t.shortcode),
  );
}

/** A metric type's name, or undefined when the reference data does not know it. */
export function metricName(
  reference: MetricReference,
  provider: string | null,
  type: string | null,
): string | undefined {
  return typesOf(reference, provider).find((t) => t.shortcode === type)?.name;
}

/** The default graph name: the metric names joined with ' & ', or 'Metrics Graph' (spec 001 §5). */
export function defaultGraphName(names: readonly (string | undefined)[]): string {
  const known = names.filter((n): n is string => Boolean(n && n.trim()));
  return known.length > 0
    ? known.join(metricsMessages.nameSeparator)
    : metricsMessages.defaultGraphName;
}

/** A date picker's local 'YYYY-MM-DD HH:mm:ss' as ms, or NaN. */
export function parsePickerDate(value: string | null): number {
  if (!value) return Number.NaN;
  return Date.parse(value.includes('T') ? value : value.replace(' ', 'T'));
}

/** Every rule of spec 001 §5 "Add graph", first failure per field. */
export function validateGraphForm(
  values: GraphFormValues,
  reference: MetricReference,
): GraphFormErrors {
  const errors: GraphFormErrors = {};
  if (reference.providers.length === 0) {
    errors.form = metricsMessages.providersNotFound;
    return errors;
  }
  if (!values.firstType) {
    errors.firstType = metricsMessages.firstTypeRequired;
  } else if (!knownProvider(reference, values.firstProvider)) {
    errors.firstProvider = metricsMessages.firstProviderUnknown;
  }
  if (values.secondType) {
    if (!values.secondProvider) {
      errors.secondProvider = metricsMessages.secondProviderRequired;
    } else if (!knownProvider(reference, values.secondProvider)) {
      errors.secondProvider = metricsMessages.secondProviderUnknown;
    }
  }
  if (values.timeSpan === 'custom') {
    const start = parsePickerDate(values.startDate);
    const end = parsePickerDate(values.endDate);
    if (Number.isNaN(start) || Number.isNaN(end)) {
      errors[Number.isNaN(start) ? 'startDate' : 'endDate'] = metricsMessages.customDatesRequired;
    } else if (end <= start) {
      errors.endDate = metricsMessages.customDatesOrder;
    }
  }
  return errors;
}

/** The graph to save from a valid form, for one device. */
export function buildGraph(
  values: GraphFormValues,
  reference: MetricReference,
  deviceId: string,
  id: string,
): MetricGraph {
  const shortcodes: GraphShortcode[] = [[values.firstProvider!, values.firstType!, deviceId]];
  const second =
    values.secondProvider && values.secondType
      ? ([values.secondProvider, values.secondType, deviceId] as GraphShortcode)
      : null;
  if (second && !(second[0] === shortcodes[0]![0] && second[1] === shortcodes[0]![1])) {
    shortcodes.push(second);
  }
  const custom = values.timeSpan === 'custom';
  return {
    id,
    name:
      values.name.trim() ||
      defaultGraphName(shortcodes.map(([provider, type]) => metricName(reference, provider, type))),
    shortcodes,
    timeSpan: timeSpanOf(values.timeSpan),
    startDate: custom ? new Date(parsePickerDate(values.startDate)).toISOString() : null,
    endDate: custom ? new Date(parsePickerDate(values.endDate)).toISOString() : null,
    autoRefresh: false,
    dataColor1: METRIC_GRAPH_COLORS[0],
    dataColor2: METRIC_GRAPH_COLORS[1],
    graphType: values.graphType,
    delimiter: ',',
  };
}

/** The graphs that plot a metric of this device. */
export function graphsOfDevice(graphs: readonly MetricGraph[], deviceId: string): MetricGraph[] {
  return graphs.filter((g) => g.shortcodes.some(([, , id]) => id === deviceId));
}
