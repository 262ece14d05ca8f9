import {
  deviceFeaturesEndpoints,
  type DeviceFileNaming,
  featureCertificateFileName,
  optionsFileZipName,
} from '@aerie/contract';
import { downloadApi } from '../../../lib/api-client';
import { saveFile } from '../../../lib/csv';

type NamedDevice = DeviceFileNaming & { id: string };

/** Download Certificate: `GET /v2/devices/{id}/featureCertificate`, saved as a file. */
export async function downloadFeatureCertificate(device: NamedDevice): Promise<void> {
  const file = await downloadApi(deviceFeaturesEndpoints.certificate, {
    params: { id: device.id },
  });
  saveFile(file.fileName ?? featureCertificateFileName(device), file.blob);
}

/** Download Options File: `GET /v2/devices/{id}/downloadOptionsFiles` (a zip). */
export async function downloadOptionsFiles(device: NamedDevice): Promise<void> {
  const file = await downloadApi(deviceFeaturesEndpoints.optionsFiles, {
    params: { id: device.id },
  });
  saveFile(file.fileName ?? optionsFileZipName(device), file.blob);
}
