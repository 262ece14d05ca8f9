import type { DiagnosticDevice, DiagnosticFile, StorageBlob } from '@aerie/contract';
import type { AntennaDeviceRow, DiagnosticFileRow } from './diagnostics.repository.js';
import { storageUri } from './storage-path.js';

/** Bundles are stored and served as opaque bytes. */
export const BUNDLE_CONTENT_TYPE = 'application/octet-stream';

export function presentDiagnosticFile(row: DiagnosticFileRow): DiagnosticFile {
  return {
    fileName: row.fileName,
    fileHash: row.fileHash,
    fileSize: row.fileSize,
    diagnosticCreatedOn: row.diagnosticCreatedOn.toISOString(),
    uri: storageUri(row),
    relativePath: `${row.antennaSerial}/${row.fileName}`,
    antennaSerial: row.antennaSerial,
    deviceId: row.deviceId,
    uploadedOn: row.uploadedOn.toISOString(),
    uploadedBy: row.uploadedByName,
    status: row.status,
    statusMessage: row.statusMessage,
    jobId: row.jobId,
  };
}

/** Spec 001 §3 "Storage blob": the upload's `data.items[0]` (contentMD5 = fileHash). */
export function presentStorageBlob(row: DiagnosticFileRow): StorageBlob {
  return {
    uri: storageUri(row),
    fileName: row.fileName,
    fileSize: row.fileSize,
    contentType: BUNDLE_CONTENT_TYPE,
    modifiedOn: row.uploadedOn.toISOString(),
    fileHash: row.fileHash,
    contentMD5: row.fileHash,
  };
}

export function presentDiagnosticDevice(row: AntennaDeviceRow): DiagnosticDevice {
  return { id: row.id, name: row.name, serial: row.serial };
}
