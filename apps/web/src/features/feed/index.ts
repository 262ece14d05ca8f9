/** The feed feature's public surface for the app and other features (CONVENTIONS §2). */
export { reportError } from './api/report-error';
export { uploadTelemetry } from './api/upload-telemetry';
export { FeedbackForm } from './components/feedback-form';
export { SupportPane } from './components/support-pane';
export { feedMessages } from './messages';
