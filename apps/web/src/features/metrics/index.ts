/** The metrics feature's public surface for the app and other features (CONVENTIONS §2). */
export { MetricGraphs } from './components/metric-graphs';
export { metricsMessages } from './messages';
