import type { MetricGraph, MetricSeries } from '@aerie/contract';
import { keepPreviousData, useQueries } from '@tanstack/react-query';
import { useMemo } from 'react';
import { getMetricDataQueryOptions } from '../api/get-metric-data';
import { graphRequests, seriesOfGraph } from '../utils/graph-requests';
import type { TimeRange } from '../utils/time-spans';

export interface GraphData {
  /** The series of each shortcode, once every request answered. */
  series: (MetricSeries | undefined)[] | undefined;
  isPending: boolean;
  isFetching: boolean;
  isError: boolean;
  refetch: () => void;
}

/** The metric data a graph shows over a range: one request per provider, run in parallel. */
export function useGraphData(graph: Pick<MetricGraph, 'shortcodes'>, range: TimeRange): GraphData {
  const requests = useMemo(() => graphRequests(graph, range), [graph, range]);
  return useQueries({
    queries: requests.map((request) => ({
      ...getMetricDataQueryOptions(request),
      placeholderData: keepPreviousData,
    })),
    combine: (results) => {
      const done = results.every((r) => r.data !== undefined);
      return {
        series: done
          ? seriesOfGraph(
              graph,
              results.map((r) => r.data.metrics),
            )
          : undefined,
        isPending: results.some((r) => r.isPending),
        isFetching: results.some((r) => r.isFetching),
        isError: results.some((r) => r.isError),
        refetch: () => {
          for (const r of results) void r.refetch();
        },
      };
    },
  });
}
