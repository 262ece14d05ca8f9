import {
  api,
  featureCertificateFileName,
  optionsFileZipName,
  type DeviceFileNaming,
} from '@aerie/contract';
import { downloadApi } from '../../../lib/api-client';
import { saveFile } from '../../../lib/csv';

type NamedDevice = DeviceFileNaming & { id: string };

/** Download Certificate: `GET /v2/devices/{id}/featureCertificate`, saved as a file. */
export async function downloadFeatureCertificate(device: NamedDevice): Promise<void> {
  const file = await downloadApi(api.deviceFeatures.certificate, { params: { id: device.id } });
  saveFile(file.fileName ?? featureCertificateFileName(device), file.blob);
}

/** Download Options File: `GET /v2/devices/{id}/downloadOptionsFiles` (a zip). */
export async function downloadOptionsFiles(device: NamedDevice): Promise<void> {
  const file = await downloadApi(api.deviceFeatures.optionsFiles, { params: { id: device.id } });
  saveFile(file.fileName ?? optionsFileZipName(device), file.blob);
}
