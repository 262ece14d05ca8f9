import { lazyRouteComponent } from '@tanstack/react-router';
import { definePages } from '../../lib/pages';

/**
 * Diagnostic bundles (spec 001 §2): a device's Diagnostics tab and its analyze screen, the
 * Tools page's Diagnostics Upload tab and the diagnostic download page; each its own chunk.
 */
export const diagnosticsPages = definePages({
  deviceDiagnosticBrowser: {
    component: lazyRouteComponent(
      () => import('./pages/device-diagnostics-page'),
      'DeviceDiagnosticsPage',
    ),
  },
  deviceDiagnosticAnalyze: {
    component: lazyRouteComponent(() => import('./analyze/analyze-page'), 'DiagnosticAnalyzePage'),
  },
  diagnosticsUpload: {
    component: lazyRouteComponent(
      () => import('./pages/diagnostics-upload-page'),
      'DiagnosticsUploadPage',
    ),
  },
  diagnosticDownload: {
    component: lazyRouteComponent(
      () => import('./pages/diagnostic-download-page'),
      'DiagnosticDownloadPage',
    ),
  },
});
