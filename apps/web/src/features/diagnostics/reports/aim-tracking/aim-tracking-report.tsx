import {
  AIM_TRACKING_DEFAULT_GRAPHS,
  DIAGNOSTIC_SERIES_LIMITS as SL,
  DIAGNOSTICS_MESSAGES,
  type AimTrackingField,
  type AimTrackingReport as Report,
  type DiagnosticReportQuery,
} from '@aerie/contract';
import { Alert, Checkbox, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useCallback, useState } from 'react';
import { Icon } from '../../../../components/ui/icons';
import { useAimTrackingReport } from '../../analyze/api/get-aim-tracking-report';
import { reportMessages } from '../messages';
import { ReportLoadState, useReportErrorToast } from '../report-state';
import type { ChartPalette } from '../series/chart-palette';
import { DateRangeControl } from '../series/date-range-control';
import { DownsamplingInfo } from '../series/downsampling-info';
import { polarOption } from '../series/polar-option';
import { SeriesChart } from '../series/series-chart';
import { SeriesProblems } from '../series/series-problems';
import { GRAPH_SIZES, SERIES_COLOURS, timeSeriesOption } from '../series/time-series-option';
import { GRAPH_SELECTION_WAIT_MS, useSeriesRange } from '../series/use-series-range';

const m = reportMessages.tracking;
const POLAR_HEIGHT = 560;
const GRAPH_HEIGHT = 220;

/** Units of the record's fields (docs/formats/kdp.md "AIM tracking log"). */
const UNITS: Partial<Record<AimTrackingField, string>> = {
  theta: '°',
  phi: '°',
  averageSinr: 'dB',
  gbiasZ: '°/s',
  gpsYaw: '°',
  pitch: '°',
  roll: '°',
  trueNorth: '°',
  ysYaw: '°',
};

export interface AimTrackingReportProps {
  query: DiagnosticReportQuery;
}

/**
 * AIM Tracking (spec 001 §2): the sky plot of where the antenna pointed, coloured by SINR, with
 * the records without SINR, the muted ones and the blockage zones; graphs of the record's fields
 * (averageSinr, theta, phi and satelliteId at first); the date range asks the server again.
 */
export function AimTrackingReport({ query }: AimTrackingReportProps) {
  const range = useSeriesRange();
  const report = useAimTrackingReport(query, range.asked);
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
  const spans = range.spans(report.data);
  return (
    <Stack gap="md">
      <Group align="flex-start" justify="space-between" wrap="nowrap" gap="md">
        {spans ? (
          <DateRangeControl bounds={spans.bounds} value={spans.value} onChange={range.setSpan} />
        ) : (
          <Text c="dimmed">{m.noLog}</Text>
        )}
        <Group gap="xs" wrap="nowrap">
          {report.isPlaceholderData ? (
            <Loader size="xs" role="status" aria-label={reportMessages.range.updating} />
          ) : null}
          <DownsamplingInfo
            target={SL.trackingTargetPoints}
            shown={report.data.downsampling}
            tracking
          />
        </Group>
      </Group>
      <SeriesProblems problems={report.data.problems} skippedRows={report.data.skippedRows} />
      {spans ? <TrackingCharts report={report.data} /> : null}
    </Stack>
  );
}

function TrackingCharts({ report }: { report: Report }) {
  const [graphs, setGraphs] = useState<string[]>(() =>
    AIM_TRACKING_DEFAULT_GRAPHS.filter((f) => report.fields.includes(f)),
  );
  const [drawn] = useDebouncedValue(graphs, GRAPH_SELECTION_WAIT_MS);
  const polar = useCallback(
    (palette: ChartPalette) => polarOption(report, palette, GRAPH_SIZES.large.markerSize),
    [report],
  );
  const empty = report.points.timestamp.length === 0;
  return (
    <>
      <Paper withBorder p="md">
        <Stack gap="xs">
          <Title order={3} size="h5">
            {m.polar}
          </Title>
          <Text size="sm" c="dimmed">
            {m.polarHint}
          </Text>
          {empty ? (
            <Alert color="gray" icon={<Icon name="info" size={18} />}>
              {m.empty}
            </Alert>
          ) : null}
          <SeriesChart
            option={polar}
            height={POLAR_HEIGHT}
            label={m.polar}
            testId="aim-polar-chart"
          />
        </Stack>
      </Paper>
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Title order={3} size="h5" id="aim-graphs-label">
            {m.graphs}
          </Title>
          <Checkbox.Group value={graphs} onChange={setGraphs} aria-labelledby="aim-graphs-label">
            <Group gap="md">
              {report.fields.map((f) => (
                <Checkbox key={f} value={f} label={f} size="xs" />
              ))}
            </Group>
          </Checkbox.Group>
          {report.fields
            .filter((f) => drawn.includes(f))
            .map((field) => (
              <FieldGraph key={field} report={report} field={field} />
            ))}
        </Stack>
      </Paper>
    </>
  );
}

function FieldGraph({ report, field }: { report: Report; field: AimTrackingField }) {
  const option = useCallback(
    (palette: ChartPalette) =>
      timeSeriesOption(
        {
          name: field,
          unit: UNITS[field] ?? '',
          timestamp: report.points.timestamp,
          values: report.points.values[field] ?? [],
          color: SERIES_COLOURS[0],
          markerSize: GRAPH_SIZES.small.markerSize + 1,
          compact: false,
          range: report.range,
        },
        palette,
      ),
    [report, field],
  );
  return (
    <SeriesChart
      option={option}
      height={GRAPH_HEIGHT}
      label={m.graphLabel(field)}
      group="aim-tracking"
      testId={`aim-graph-${field}`}
    />
  );
}
