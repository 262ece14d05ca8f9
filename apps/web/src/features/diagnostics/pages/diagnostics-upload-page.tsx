import { ToolsFrame } from '../../tools';
import { DiagnosticsUpload } from '../components/diagnostics-upload';

/** `/tools/diagnosticsUpload` (spec 001 §2 Tools): Super User, the brand Admin, Sales Support. */
export function DiagnosticsUploadPage() {
  return (
    <ToolsFrame tool="diagnosticsUpload">
      <DiagnosticsUpload />
    </ToolsFrame>
  );
}
