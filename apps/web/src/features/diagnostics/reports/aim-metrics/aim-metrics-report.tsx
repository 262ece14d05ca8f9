import {
  DIAGNOSTIC_SERIES_LIMITS as SL,
  DIAGNOSTICS_MESSAGES,
  type AimMetricSeries,
  type DiagnosticReportQuery,
  type SeriesTimeRange,
} from '@aerie/contract';
import {
  Checkbox,
  Group,
  Input,
  Loader,
  Paper,
  SegmentedControl,
  Stack,
  Text,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useCallback, useState } from 'react';
import { useAimMetricsReport } from '../../analyze/api/get-aim-metrics-report';
import { reportMessages } from '../messages';
import { ReportLoadState, useReportErrorToast } from '../report-state';
import type { ChartPalette } from '../series/chart-palette';
import { DateRangeControl } from '../series/date-range-control';
import { DownsamplingInfo } from '../series/downsampling-info';
import { SeriesChart } from '../series/series-chart';
import { SeriesProblems } from '../series/series-problems';
import {
  GRAPH_SIZES,
  SERIES_COLOURS,
  timeSeriesOption,
  type GraphSize,
} from '../series/time-series-option';
import { GRAPH_SELECTION_WAIT_MS, useSeriesRange } from '../series/use-series-range';
import classes from './aim-metrics.module.css';

const m = reportMessages.metrics;
/** Spec 001 §9: the metric checkboxes stand in columns of 9. */
export const METRIC_CHECKBOX_COLUMN = 9;

/** Names in columns of `size`, top to bottom then left to right. */
export function inColumns<T>(items: readonly T[], size: number): T[][] {
  const columns: T[][] = [];
  for (let i = 0; i < items.length; i += size) columns.push(items.slice(i, i + size));
  return columns;
}

export interface AimMetricsReportProps {
  query: DiagnosticReportQuery;
}

/**
 * Metrics (spec 001 §2): a graph per metric of the bundle, All Graphs and a checkbox per metric
 * (columns of 9), the date range, Graph Size Large or Small and the info modal. The graphs share
 * their crosshair and zoom.
 */
export function AimMetricsReport({ query }: AimMetricsReportProps) {
  const range = useSeriesRange();
  const report = useAimMetricsReport(query, range.asked);
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  const [drawnHidden] = useDebouncedValue(hidden, GRAPH_SELECTION_WAIT_MS);
  const [size, setSize] = useState<GraphSize>('large');
  // NOTE: spec 001 §8: the AIM Tracking text is also the metrics report's.
  useReportErrorToast(report.error, DIAGNOSTICS_MESSAGES.fetchFailed.aimTracking);
  if (!report.data) {
    return (
      <ReportLoadState
        report={m.name}
        error={report.error}
        failedMessage={DIAGNOSTICS_MESSAGES.fetchFailed.aimTracking}
        onRetry={() => void report.refetch()}
        retrying={report.isFetching}
      />
    );
  }
  const { metrics } = report.data;
  const spans = range.spans(report.data);
  const shown = metrics.filter((s) => !drawnHidden.has(s.name));
  const sums = metrics.reduce(
    (sum, s) => ({
      points: sum.points + s.downsampling.points,
      sourcePoints: sum.sourcePoints + s.downsampling.sourcePoints,
    }),
    { points: 0, sourcePoints: 0 },
  );
  const toggle = (name: string, on: boolean) => {
    const next = new Set(hidden);
    if (on) next.delete(name);
    else next.add(name);
    setHidden(next);
  };

  return (
    <Stack gap="md">
      <Group align="flex-start" justify="space-between" wrap="nowrap" gap="md">
        {spans ? (
          <DateRangeControl bounds={spans.bounds} value={spans.value} onChange={range.setSpan} />
        ) : (
          <Text c="dimmed">{m.noLog}</Text>
        )}
        <Group gap="xs" wrap="nowrap" align="flex-end">
          {report.isPlaceholderData ? (
            <Loader size="xs" role="status" aria-label={reportMessages.range.updating} />
          ) : null}
          <Stack gap={4}>
            <Input.Label component="div" id="metric-graph-size">
              {m.graphSize}
            </Input.Label>
            <SegmentedControl
              aria-labelledby="metric-graph-size"
              size="xs"
              value={size}
              onChange={(v) => setSize(v === 'small' ? 'small' : 'large')}
              data={[
                { value: 'large', label: m.large },
                { value: 'small', label: m.small },
              ]}
            />
          </Stack>
          <DownsamplingInfo target={SL.metricsTargetPoints} shown={sums} />
        </Group>
      </Group>
      <SeriesProblems problems={report.data.problems} skippedRows={report.data.skippedRows} />
      {metrics.length > 0 ? (
        <Paper withBorder p="md">
          <Stack gap="xs">
            <Checkbox
              label={m.allGraphs}
              checked={hidden.size === 0}
              indeterminate={hidden.size > 0 && hidden.size < metrics.length}
              onChange={(e) =>
                setHidden(e.currentTarget.checked ? new Set() : new Set(metrics.map((s) => s.name)))
              }
            />
            <Group
              align="flex-start"
              gap="xl"
              role="group"
              aria-label={m.choose}
              className={classes.columns}
            >
              {inColumns(metrics, METRIC_CHECKBOX_COLUMN).map((column) => (
                <Stack key={column[0]?.name} gap={6} data-testid="metric-checkbox-column">
                  {column.map((s) => (
                    <Checkbox
                      key={s.name}
                      size="xs"
                      label={s.name}
                      checked={!hidden.has(s.name)}
                      onChange={(e) => toggle(s.name, e.currentTarget.checked)}
                    />
                  ))}
                </Stack>
              ))}
            </Group>
          </Stack>
        </Paper>
      ) : null}
      {metrics.length > 0 && shown.length === 0 ? <Text c="dimmed">{m.noneChosen}</Text> : null}
      {shown.map((s, i) => (
        <MetricGraph
          key={s.name}
          series={s}
          size={size}
          range={report.data.range}
          colour={SERIES_COLOURS[i % SERIES_COLOURS.length] ?? SERIES_COLOURS[0]}
        />
      ))}
    </Stack>
  );
}

function MetricGraph({
  series,
  size,
  range,
  colour,
}: {
  series: AimMetricSeries;
  size: GraphSize;
  range: SeriesTimeRange | null;
  colour: string;
}) {
  const { height, markerSize } = GRAPH_SIZES[size];
  const option = useCallback(
    (palette: ChartPalette) =>
      timeSeriesOption(
        {
          name: series.name,
          unit: series.unit,
          timestamp: series.timestamp,
          values: series.value,
          color: colour,
          markerSize,
          compact: size === 'small',
          range,
        },
        palette,
      ),
    [series, size, colour, markerSize, range],
  );
  const label = m.graphLabel(series.name, series.unit);
  return (
    <Paper withBorder p="xs" data-testid="metric-graph" data-size={size}>
      <Text size="sm" fw={600} component="h3" m={0}>
        {series.unit ? `${series.name} (${series.unit})` : series.name}
      </Text>
      {series.timestamp.length === 0 ? (
        <Text size="sm" c="dimmed">
          {m.empty}
        </Text>
      ) : null}
      <SeriesChart option={option} height={height} label={label} group="aim-metrics" />
    </Paper>
  );
}
