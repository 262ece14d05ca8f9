import {
  featureCertificateFileName,
  optionsFileZipName,
  type DeviceFileNaming,
} from '@aerie/contract';
import { apiDownload } from '../../../lib/api-client';
import { saveFile } from '../../../lib/csv';

type NamedDevice = DeviceFileNaming & { id: string };

/** Download Certificate: `GET /v2/devices/{id}/featureCertificate`, saved as a file. */
export async function downloadFeatureCertificate(device: NamedDevice): Promise<void> {
  const file = await apiDownload(`/v2/devices/${encodeURIComponent(device.id)}/featureCertificate`);
  saveFile(file.fileName ?? featureCertificateFileName(device), file.blob);
}

/** Download Options File: `GET /v2/devices/{id}/downloadOptionsFiles` (a zip). */
export async function downloadOptionsFiles(device: NamedDevice): Promise<void> {
  const file = await apiDownload(
    `/v2/devices/${encodeURIComponent(device.id)}/downloadOptionsFiles`,
  );
  saveFile(file.fileName ?? optionsFileZipName(device), file.blob);
}
