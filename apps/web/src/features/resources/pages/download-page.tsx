import { DocumentDownload } from '../components/document-download';
import { ResourcesFrame } from '../components/resources-frame';

/** `/resources/download?path=…&view=…&search=…` (downloadDocumentationFile, spec 002). */
export function DownloadPage() {
  return (
    <ResourcesFrame>
      <DocumentDownload />
    </ResourcesFrame>
  );
}
