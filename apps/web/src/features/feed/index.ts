/** The feed feature's public surface for the app and other features (CONVENTIONS §2). */
import { lazyComponent } from '../../lib/lazy-component';

export { reportError } from './api/report-error';
export { uploadTelemetry } from './api/upload-telemetry';

/** The context panes, loaded when first opened. */
export const FeedbackForm = lazyComponent(() =>
  import('./components/feedback-form').then((m) => m.FeedbackForm),
);
export { feedMessages } from './messages';
