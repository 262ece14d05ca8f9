import {
  diagnosticFileSchema,
  type DiagnosticFile,
  type DiagnosticUploadResponse,
} from '@aerie/contract';

export const DIAGNOSTIC_DEVICE_ID = '5b1d7f4e-8a2c-4d6b-9e3f-1a2b3c4d5e6f';
export const DIAGNOSTIC_MD5 = '0123456789abcdef0123456789abcdef';

/** A stored diagnostic file of ANT0001 (valid against the contract); `overrides` replace fields. */
export function buildDiagnosticFile(overrides: Partial<DiagnosticFile> = {}): DiagnosticFile {
  const fileName = overrides.fileName ?? 'ANT0001_20261122101500.kdp';
  const serial = overrides.antennaSerial ?? fileName.split('_')[0] ?? 'ANT0001';
  return diagnosticFileSchema.parse({
    fileName,
    fileHash: DIAGNOSTIC_MD5,
    fileSize: 1_234_567,
    diagnosticCreatedOn: '2026-11-22T10:15:00.000Z',
    uri: `file:///diagnostics/${serial}/${fileName}`,
    relativePath: `${serial}/${fileName}`,
    antennaSerial: serial,
    deviceId: DIAGNOSTIC_DEVICE_ID,
    uploadedOn: '2026-11-23T08:00:00.000Z',
    uploadedBy: 'Hannah Keller',
    status: 'Ready',
    statusMessage: null,
    jobId: null,
    ...overrides,
  });
}

/** The upload call's answer for a file of that name, stored with `file` overrides. */
export function buildUploadAnswer(
  fileName: string,
  file: Partial<DiagnosticFile> = {},
): DiagnosticUploadResponse {
  const stored = buildDiagnosticFile({ fileName, ...file });
  return {
    data: {
      device: { id: DIAGNOSTIC_DEVICE_ID, name: 'Northern Star', serial: 'KNG-2400017' },
      items: [
        {
          uri: stored.uri,
          fileName,
          fileSize: stored.fileSize,
          contentType: 'application/octet-stream',
          modifiedOn: stored.uploadedOn,
          fileHash: stored.fileHash,
          contentMD5: stored.fileHash,
        },
      ],
      file: stored,
      duplicate: false,
    },
  };
}
