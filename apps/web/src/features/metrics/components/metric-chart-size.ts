/** Height of a metric graph in px (spec 001 §2). */
export const METRIC_CHART_HEIGHT = 320;
