import type { SeriesTimeRange } from '@aerie/contract';
import { useState } from 'react';
import type { SeriesRange } from '../../analyze/api/series-range';
import type { TimeSpan } from './date-range-control';

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
