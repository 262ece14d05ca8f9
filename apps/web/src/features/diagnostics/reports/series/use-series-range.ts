import type { SeriesTimeRange } from '@aerie/contract';
import { useState } from 'react';
import type { SeriesRange } from '../../analyze/api/series-range';
import type { TimeSpan } from './date-range-control';

/**
 * Spec 001 §9: a change of the graphs chosen (checkboxes) is drawn 750 ms after the last one, so
 * several clicks redraw the charts once.
 */
export const GRAPH_SELECTION_WAIT_MS = 750;

const span = (r: SeriesTimeRange): TimeSpan => ({
  start: Date.parse(r.start),
  end: Date.parse(r.end),
});

/**
 * The range a time-series report asks for (null: the whole log) and what its date control shows:
 * the log's bounds and the answered range, once an answer came.
 */
export function useSeriesRange() {
  const [asked, setAsked] = useState<SeriesRange | null>(null);
  return {
    asked,
    setSpan: (next: TimeSpan | null) => {
      setAsked(
        next === null
          ? null
          : {
              fromDate: new Date(next.start).toISOString(),
              toDate: new Date(next.end).toISOString(),
            },
      );
    },
    /** The control's bounds and value of an answer; null for a log without samples. */
    spans: (report: { timeRange: SeriesTimeRange | null; range: SeriesTimeRange | null }) => {
      if (!report.timeRange) return null;
      return { bounds: span(report.timeRange), value: span(report.range ?? report.timeRange) };
    },
  };
}
