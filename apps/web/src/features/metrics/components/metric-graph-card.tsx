import type { GraphTimeSpanId, MetricGraph, MetricSeries } from '@aerie/contract';
import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Center,
  Group,
  Popover,
  Select,
  Skeleton,
  Stack,
  Switch,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { Icon } from '../../../components/ui/icons';
import { downloadTextFile } from '../../../lib/csv';
import { useGraphData } from '../hooks/use-graph-data';
import { metricsMessages } from '../messages';
import type { ChartSeriesInput } from '../utils/chart-option';
import { chartPoints } from '../utils/chart-series';
import { metricName, type MetricReference } from '../utils/graph-form';
import { metricsCsv } from '../utils/metrics-csv';
import { graphRange, TIME_SPAN_IDS, timeSpanOf } from '../utils/time-spans';
import { seriesLabel } from '../utils/units';
import { METRIC_CHART_HEIGHT } from './metric-chart-size';

// NOTE: ECharts is loaded on first use, in its own chunk, so it never delays the page.
const MetricChart = lazy(() => import('./metric-chart').then((m) => ({ default: m.MetricChart })));
// The date pickers (15 KB) load when a graph's span is Custom, not with the page.
const GraphCustomRange = lazy(() =>
  import('./graph-custom-range').then((m) => ({ default: m.GraphCustomRange })),
);

/** Auto refresh interval of a graph. */
export const AUTO_REFRESH_MS = 60_000;

const g = metricsMessages.graph;

export interface MetricGraphCardProps {
  graph: MetricGraph;
  /** Reference data for metric names and units; names fall back to shortcodes. */
  reference: MetricReference | undefined;
  onChange: (graph: MetricGraph) => void;
  onRemove: () => void;
}

function chartSeries(
  graph: MetricGraph,
  series: readonly (MetricSeries | undefined)[],
  reference: MetricReference | undefined,
): ChartSeriesInput[] {
  const colors = [graph.dataColor1, graph.dataColor2];
  return graph.shortcodes.flatMap(([provider, metric], i) => {
    const s = series[i];
    if (!s) return [];
    const name = (reference && metricName(reference, provider, metric)) ?? metric;
    return [
      {
        label: seriesLabel(name, s.unit),
        name,
        metric,
        unit: s.unit,
        color: colors[i] ?? colors[0]!,
        points: chartPoints(s),
      },
    ];
  });
}

/**
 * One saved graph (spec 001 §2 "Metrics"): time span, refresh, auto refresh every 60 s, CSV
 * export 'metrics-export', removal, and the chart with its empty and error texts.
 */
export function MetricGraphCard({ graph, reference, onChange, onRemove }: MetricGraphCardProps) {
  const [now, setNow] = useState(() => Date.now());
  const range = useMemo(() => graphRange(graph, now), [graph, now]);
  const data = useGraphData(graph, range);
  const custom = graph.timeSpan.id === 'custom';
  const { refetch } = data;

  const refresh = useCallback(() => {
    if (custom) refetch();
    else setNow(Date.now());
  }, [custom, refetch]);

  useEffect(() => {
    if (!graph.autoRefresh) return;
    const timer = setInterval(refresh, AUTO_REFRESH_MS);
    return () => clearInterval(timer);
  }, [graph.autoRefresh, refresh]);

  const series = useMemo(
    () => (data.series ? chartSeries(graph, data.series, reference) : []),
    [data.series, graph, reference],
  );
  const hasData = series.some((s) => s.points.some(([, v]) => v !== null));

  const changeSpan = (id: GraphTimeSpanId) => {
    if (id === graph.timeSpan.id) return;
    if (id === 'custom') {
      // A custom span starts as the range shown now, so it is valid at once.
      onChange({
        ...graph,
        timeSpan: timeSpanOf(id),
        startDate: new Date(range.start).toISOString(),
        endDate: new Date(range.end).toISOString(),
      });
    } else {
      onChange({ ...graph, timeSpan: timeSpanOf(id), startDate: null, endDate: null });
      setNow(Date.now());
    }
  };

  const exportCsv = () => {
    const csv = metricsCsv(
      series.map((s) => ({ label: s.label, points: s.points })),
      graph.delimiter,
    );
    downloadTextFile(`${metricsMessages.exportFileName}.csv`, csv);
  };

  const titleId = `metric-graph-${graph.id}`;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Title order={2} size="h4" id={titleId} style={{ overflowWrap: 'anywhere' }}>
            {graph.name}
          </Title>
          <Group gap="xs" wrap="wrap">
            <Select
              aria-label={g.timeSpan}
              data={TIME_SPAN_IDS.map((id) => ({
                value: id,
                label: metricsMessages.timeSpans[id],
              }))}
              value={graph.timeSpan.id}
              onChange={(value) => value && changeSpan(value)}
              allowDeselect={false}
              w={150}
              size="xs"
            />
            <Button
              size="xs"
              variant="default"
              onClick={refresh}
              loading={data.isFetching}
              leftSection={<Icon name="refresh" size={14} />}
            >
              {g.refresh}
            </Button>
            <Tooltip label={g.autoRefreshHint}>
              <Switch
                size="sm"
                label={g.autoRefresh}
                checked={graph.autoRefresh}
                onChange={(event) =>
                  onChange({ ...graph, autoRefresh: event.currentTarget.checked })
                }
              />
            </Tooltip>
            <Button size="xs" variant="default" onClick={exportCsv} disabled={!hasData}>
              {g.exportCsv}
            </Button>
            <Popover position="bottom-end" withArrow trapFocus returnFocus shadow="md">
              <Popover.Target>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={g.removeLabel(graph.name)}
                  title={g.remove}
                >
                  <Icon name="close" size={16} />
                </ActionIcon>
              </Popover.Target>
              <Popover.Dropdown>
                <Stack gap="xs">
                  <Text size="sm">{g.removeQuestion(graph.name)}</Text>
                  <Group justify="flex-end" gap="xs">
                    <Button size="xs" color="red" onClick={onRemove}>
                      {g.remove}
                    </Button>
                  </Group>
                </Stack>
              </Popover.Dropdown>
            </Popover>
          </Group>
        </Group>
        {custom && (
          <Suspense fallback={<Skeleton height={36} aria-label={metricsMessages.loadingRange} />}>
            <GraphCustomRange graph={graph} onChange={onChange} />
          </Suspense>
        )}
        <GraphBody
          data={data}
          hasData={hasData}
          chart={
            <Suspense
              fallback={
                <Skeleton height={METRIC_CHART_HEIGHT} aria-label={metricsMessages.loadingChart} />
              }
            >
              <MetricChart
                series={series}
                graphType={graph.graphType}
                range={range}
                label={g.chartLabel(graph.name)}
              />
            </Suspense>
          }
        />
        {hasData && data.series && <SampleNote series={data.series} />}
      </Stack>
    </Card>
  );
}

function GraphBody({
  data,
  hasData,
  chart,
}: {
  data: ReturnType<typeof useGraphData>;
  hasData: boolean;
  chart: React.ReactNode;
}) {
  if (data.isError) {
    return (
      <Alert color="red" role="alert">
        {metricsMessages.fetchFailed}
      </Alert>
    );
  }
  if (data.isPending || !data.series) {
    return <Skeleton height={METRIC_CHART_HEIGHT} aria-label={metricsMessages.loadingChart} />;
  }
  if (!hasData) {
    return (
      <Center
        h={METRIC_CHART_HEIGHT}
        bg="var(--mantine-color-default-hover)"
        style={{ borderRadius: 8 }}
      >
        <Text c="dimmed">{metricsMessages.noData}</Text>
      </Center>
    );
  }
  return chart;
}

function SampleNote({ series }: { series: readonly (MetricSeries | undefined)[] }) {
  const shown = series.reduce((n, s) => n + (s?.values.length ?? 0), 0);
  const total = series.reduce((n, s) => n + (s?.sampleCount ?? 0), 0);
  return (
    <Text size="xs" c="dimmed" ta="right">
      {g.samples(shown, total)}
    </Text>
  );
}
