import { DiagnosticDownload } from '../components/diagnostic-download';

/** `/diagnostic/download` (diagnosticDownload, spec 001 §2): signed in, diagnostics roles. */
export function DiagnosticDownloadPage() {
  return <DiagnosticDownload />;
}
