import { z } from 'zod';
import {
  DOCUMENT_CONTAINERS,
  RESOURCES_LIMITS,
  RESOURCES_MESSAGES,
} from '../resources/resources.js';

/**
 * Diagnostic bundles (spec 001 §2 Diagnostics, Tools > Diagnostics Upload, the diagnostic
 * download page, §3, §5, §7 Diagnostics, §8, §9; docs/formats/kdp.md,
 * docs/decisions/039-diagnostic-bundles.md).
 */

export const DIAGNOSTICS_LIMITS = {
  /** Spec 001 §9: 500MB (5e8 bytes) per file, enforced while the upload streams. */
  maxFileBytes: 500_000_000,
  /** Spec 001 §9: at most 3 uploads in parallel (the upload tool). */
  maxParallelUploads: 3,
  /** The multipart field of the bundle (spec 001 §7). */
  fileField: 'file',
  /** The optional text field the device page sends (spec 001 §7). */
  serialField: 'antennaSerial',
  /** An antenna serial: letters, digits, dashes and dots (what the file name can carry). */
  maxSerialLength: 64,
  /** A bundle's file name (the serial, an underscore, 14 digits, `.kdp`), with room to spare. */
  maxFileNameLength: 255,
  /** `relativePath` and `path`: `{antennaSerial}/{fileName}`. */
  maxPathLength: 330,
  /** Files a page of the browser lists. */
  listDefaultTake: 100,
  listMaxTake: 500,
  /** Seconds a signed download URL (POST /v2/storage/blob) stays valid. */
  signedUrlSeconds: 300,
} as const;

const L = DIAGNOSTICS_LIMITS;

/** The texts of the spec for these screens and the server's answers (spec 001 §5, §8). */
export const DIAGNOSTICS_MESSAGES = {
  badFileName: 'Unable to interpret Antenna Serial from file name.',
  fileRequired: 'File not found, please select a file.',
  tooLarge: 'File exceeds maximum size limit (500MB).',
  uploadProblem: (message: string) =>
    `There was a problem uploading the diagnostic file: ${message}`,
  uploaded: 'Successfully uploaded!',
  unknownError: 'Unknown Error',
  noFiles: 'No diagnostic files found.',
  fileNotFound:
    'Diagnostic file not found, please navigate back to the list of files to try again.',
  linkCopied: 'Link copied to clipboard!',
  notSupported: 'Not yet supported.',
  /** The server's 404 for a file outside the caller's accounts or never uploaded. */
  serverFileNotFound: 'Diagnostic file not found',
  invalidArguments: 'Invalid arguments.',
  /** The report pages' toasts (2.5 s) when a report call fails. */
  fetchFailed: {
    overview: 'Error attempting to fetch Overview data.',
    bist: 'Error attempting to fetch BIST data.',
    post: 'Error attempting to fetch POST data.',
    aimTracking: 'Error attempting to fetch AIM Tracking data.',
  },
  /** The server's messages when a report cannot be read from a stored bundle. */
  unableToFetch: {
    overview: 'Unable to fetch Overview data',
    bist: 'Unable to fetch BIST data',
    post: 'Unable to fetch POST data',
    metrics: 'Unable to fetch Metrics data',
    aimTracking: 'Unable to fetch AIM Tracking data',
    log: 'Unable to fetch log data',
    syslogDates: 'Unable to fetch syslog date range',
  },
  /** The diagnostic download page (/diagnostic/download). */
  download: {
    notFoundTitle: 'File not found',
    notFoundBody:
      'The resource you are looking for might have been removed, or is temporarily unavailable.',
    noSerial: 'Antenna Serial not found.',
    invalidPath: 'Invalid path.',
    invalidFileName: 'Invalid file name.',
    returnToDashboard: 'Return to Dashboard',
  },
  /** Upload answers of our own design (decision 039). */
  notMultipart: `Send the bundle as multipart/form-data in the field "${L.fileField}".`,
  lengthRequired: 'The request must state its length (Content-Length).',
  unexpectedField: (name: string) =>
    `Unexpected field "${name}": send the bundle in "${L.fileField}" and, optionally, "${L.serialField}" before it.`,
  oneFileOnly: 'Send one bundle per request.',
  malformed: 'The multipart body is malformed.',
  serialMismatch: (fromName: string, given: string) =>
    `The file name's antenna serial ${fromName} does not match ${given}.`,
  stillProcessing: 'The diagnostic file is still being processed; try again in a moment.',
  rejected: (reason: string) => `The diagnostic file could not be read: ${reason}`,
  emptyFile: 'The file is empty.',
} as const;

/** Antenna serials as they appear in bundle names and paths. */
export const antennaSerialSchema = z
  .string()
  .min(1, DIAGNOSTICS_MESSAGES.download.noSerial)
  .max(L.maxSerialLength)
  .regex(/^[A-Za-z0-9][A-Za-z0-9.-]*$/, 'An antenna serial has letters, digits, dots and dashes.');

/** A bundle's MD5 in lower-case hex (contentMD5 = fileHash, spec 001 §7; decision 039). */
export const fileHashSchema = z
  .string()
  .regex(/^[0-9a-f]{32}$/, 'A file hash is an MD5 in 32 lower-case hex digits.');

/**
 * Where a bundle is in its life. Queued: stored, waiting to be unpacked; Processing: being
 * unpacked and indexed in quarantine; Ready: authenticated and published, its reports readable;
 * Rejected: it failed authentication or a limit (statusMessage says why), nothing published.
 */
export const diagnosticProcessingStatuses = ['Queued', 'Processing', 'Ready', 'Rejected'] as const;
export const diagnosticProcessingStatusSchema = z.enum(diagnosticProcessingStatuses);
export type DiagnosticProcessingStatus = z.infer<typeof diagnosticProcessingStatusSchema>;

const isoDateTime = z.iso.datetime({ offset: true });

/** "Diagnostic file" of spec 001 §3, with what the browser and analyze screens need. */
export const diagnosticFileSchema = z.object({
  fileName: z.string(),
  /** MD5 of the bundle as uploaded, lower-case hex; the analyze route's `fileHash`. */
  fileHash: fileHashSchema,
  fileSize: z.number().int().min(0),
  /** The time in the file name (the antenna's clock, read as UTC). */
  diagnosticCreatedOn: isoDateTime,
  /** The storage URI; the storage path is the part starting at the antenna serial. */
  uri: z.string(),
  /** `{antennaSerial}/{fileName}`: the `relativePath` of the report calls, `path` of downloads. */
  relativePath: z.string(),
  antennaSerial: z.string(),
  /** The device whose antenna carried the serial at upload; null when none did. */
  deviceId: z.uuid().nullable(),
  uploadedOn: isoDateTime,
  /** Who uploaded it (display name); null when the user was removed or for demo data. */
  uploadedBy: z.string().nullable(),
  status: diagnosticProcessingStatusSchema,
  /** Why it was rejected (Rejected only). */
  statusMessage: z.string().nullable(),
  /** The processing job (shown in /jobs with progress); null once it is purged. */
  jobId: z.uuid().nullable(),
});
export type DiagnosticFile = z.infer<typeof diagnosticFileSchema>;

/** "Storage blob" of spec 001 §3; the upload's `data.items[0]` (contentMD5 = fileHash). */
export const storageBlobSchema = z.object({
  uri: z.string(),
  fileName: z.string(),
  fileSize: z.number().int().min(0),
  contentType: z.string(),
  modifiedOn: isoDateTime,
  fileHash: fileHashSchema,
  contentMD5: fileHashSchema,
});
export type StorageBlob = z.infer<typeof storageBlobSchema>;

/** The device an upload belongs to, as the upload tool needs it for the view link. */
export const diagnosticDeviceSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  serial: z.string().nullable(),
});
export type DiagnosticDevice = z.infer<typeof diagnosticDeviceSchema>;

/** `POST /v2/storage/diagnostics/{serial}`: spec 001 §7, "data.device and data.items[]". */
export const diagnosticUploadResponseSchema = z.object({
  data: z.object({
    device: diagnosticDeviceSchema.nullable(),
    items: z.array(storageBlobSchema).min(1),
    /** The stored file with its processing state. */
    file: diagnosticFileSchema,
    /** True when a file of that name was already stored: nothing was added (spec 001 §5). */
    duplicate: z.boolean(),
  }),
});
export type DiagnosticUploadResponse = z.infer<typeof diagnosticUploadResponseSchema>;

export const diagnosticSerialParamsSchema = z.object({ serial: antennaSerialSchema });

export const diagnosticListQuerySchema = z.object({
  skip: z.coerce.number().int().min(0).max(1_000_000).default(0),
  take: z.coerce.number().int().min(1).max(L.listMaxTake).default(L.listDefaultTake),
});

/** `GET /v2/storage/diagnostics/{serial}/items`: newest first. */
export const diagnosticFileListSchema = z.object({
  items: z.array(diagnosticFileSchema),
  total: z.number().int().min(0),
});
export type DiagnosticFileList = z.infer<typeof diagnosticFileListSchema>;

/** A `{antennaSerial}/{fileName}` path: checked again on the server against the stored files. */
export const diagnosticPathSchema = z
  .string()
  .min(1, DIAGNOSTICS_MESSAGES.download.invalidPath)
  .max(L.maxPathLength, DIAGNOSTICS_MESSAGES.download.invalidPath);

export const diagnosticDownloadQuerySchema = z.object({ path: diagnosticPathSchema });

/**
 * `POST /v2/storage/blob` (spec 001 §7, spec 002 §7): a short-lived signed URL of a stored file,
 * as text. `filePath` is `{antennaSerial}/{fileName}` in the diagnostics container, a library
 * path (`/documents/…`, `/software-downloads/…`, resources.ts) in the document containers.
 */
export const storageBlobUrlBodySchema = z.object({
  container: z.enum(['diagnostics', ...DOCUMENT_CONTAINERS], {
    error: RESOURCES_MESSAGES.containerNotRecognized,
  }),
  filePath: z
    .string()
    .min(1, DIAGNOSTICS_MESSAGES.download.invalidPath)
    .max(RESOURCES_LIMITS.maxPathLength, DIAGNOSTICS_MESSAGES.download.invalidPath),
  /** True: the URL opens the file inline; false: it downloads as an attachment. */
  view: z.boolean().default(false),
});
export type StorageBlobUrlBody = z.input<typeof storageBlobUrlBodySchema>;

export const signedBlobQuerySchema = z.object({
  token: z.string().min(1).max(1000),
});

/** `GET /v2/devices/{id}/diagnostics/{fileHash}`: a device's file by hash (decision 039). */
export const deviceDiagnosticParamsSchema = z.object({
  id: z.uuid(),
  fileHash: fileHashSchema,
});

/** The analyze screen's report route values (spec 001 §2). */
export const diagnosticReportRoutes = [
  'overview',
  'bist',
  'post',
  'aim-tracking',
  'aim-metric',
  'system-logs',
] as const;
export type DiagnosticReportRoute = (typeof diagnosticReportRoutes)[number];

export function isDiagnosticReportRoute(value: string): value is DiagnosticReportRoute {
  return (diagnosticReportRoutes as readonly string[]).includes(value);
}

export const diagnosticReportTypeSchema = z.object({
  /** The label of the report switcher. */
  name: z.string(),
  route: z.enum(diagnosticReportRoutes),
  /** False while the portal cannot yet show it (the switcher shows it disabled). */
  enabled: z.boolean(),
});
export type DiagnosticReportType = z.infer<typeof diagnosticReportTypeSchema>;

/** `GET /v1/diagnostics/reports`. */
export const diagnosticReportTypesSchema = z.object({
  reports: z.array(diagnosticReportTypeSchema),
});
export type DiagnosticReportTypes = z.infer<typeof diagnosticReportTypesSchema>;

/** The query of every report call: spec 001 §5 "need antennaSerial and relativePath". */
export const diagnosticReportQuerySchema = z.object({
  antennaSerial: antennaSerialSchema,
  relativePath: diagnosticPathSchema,
});
export type DiagnosticReportQuery = z.infer<typeof diagnosticReportQuerySchema>;

/** A plain-text file of the bundle: name and timestamp (spec 001 §3 "Diagnostic overview"). */
export const diagnosticTextFileSchema = z.object({
  name: z.string(),
  /** The file's time in the archive; null when the bundle did not have the file. */
  timestamp: isoDateTime.nullable(),
  size: z.number().int().min(0).nullable(),
  /** The text; null when the file is missing, not UTF-8 text, or over 64 KiB. */
  content: z.string().nullable(),
});
export type DiagnosticTextFile = z.infer<typeof diagnosticTextFileSchema>;

export const diagnosticNameValueSchema = z.object({ name: z.string(), value: z.string() });
export type DiagnosticNameValue = z.infer<typeof diagnosticNameValueSchema>;

/** One line of the comparison with the asset system (the portal's record of the device). */
export const diagnosticComparisonSchema = z.object({
  field: z.string(),
  /** What the bundle says; null: the bundle does not say ('N/A'). */
  diagnostic: z.string().nullable(),
  /** What the portal has; null: the portal has no value ('None'). */
  asset: z.string().nullable(),
  /** Both known and different. */
  differs: z.boolean(),
});
export type DiagnosticComparison = z.infer<typeof diagnosticComparisonSchema>;

/** `GET /v1/diagnostics/reports/overview`. */
export const diagnosticOverviewSchema = z.object({
  fileName: z.string(),
  antennaSerial: z.string(),
  /** Sorted by name. */
  entitlements: z.array(diagnosticNameValueSchema),
  /** Component inventory (serial numbers by component), sorted by name. */
  componentInventory: z.array(diagnosticNameValueSchema),
  /** Serial, version, then the other overview files, each with name and timestamp. */
  files: z.array(diagnosticTextFileSchema),
  /** The bundle against the asset system; empty when no device carries the serial. */
  comparison: z.array(diagnosticComparisonSchema),
});
export type DiagnosticOverview = z.infer<typeof diagnosticOverviewSchema>;

/** "Test data (BIST/POST)" of spec 001 §3 (docs/formats/kdp.md "Self tests"). */
export const testCaseSchema = z.object({
  name: z.string(),
  classname: z.string(),
  /** 0 passed; any other number is a failure code. */
  status: z.number().int(),
  message: z.string(),
  /** Seconds. */
  time: z.number(),
  value: z.union([z.number(), z.string()]).optional(),
  gammavalues: z.array(z.number()).optional(),
});
export type TestCase = z.infer<typeof testCaseSchema>;

export const testSuiteSchema = z.object({
  starttime: z.string(),
  stoptime: z.string(),
  testcases: z.array(testCaseSchema),
});
export type TestSuite = z.infer<typeof testSuiteSchema>;

export const testDataSchema = z.object({
  acuserialnumber: z.string(),
  asmserialnumber: z.string(),
  antennaserialnumber: z.string(),
  /** 0 passed. */
  status: z.number().int(),
  testsuites: z.array(testSuiteSchema),
});
export type TestData = z.infer<typeof testDataSchema>;

/** The names of the self-test files, newest first: post, post.0 … post.9 (spec 001 §2). */
export const postRunNames = [
  'post',
  ...Array.from({ length: 10 }, (_, i) => `post.${i}` as const),
] as const;

export const testRunSchema = z.object({
  /** `post`, `post.0` … `post.9`. */
  name: z.string(),
  timestamp: isoDateTime.nullable(),
  /** Null when the bundle does not have the file or it is not a readable report. */
  data: testDataSchema.nullable(),
  /** Why `data` is null when the file exists but could not be read. */
  problem: z.string().nullable(),
});
export type TestRun = z.infer<typeof testRunSchema>;

/** `GET /v1/diagnostics/reports/bist`: the latest self test (`tests/post`). */
export const bistReportSchema = z.object({ run: testRunSchema });
export type BistReport = z.infer<typeof bistReportSchema>;

/** `GET /v1/diagnostics/reports/post`: every run, post then post.0 … post.9. */
export const postReportSchema = z.object({ runs: z.array(testRunSchema) });
export type PostReport = z.infer<typeof postReportSchema>;

/** A test run's failing cases (status other than 0), counted over its suites. */
export function failedTestCount(data: TestData): number {
  let failed = 0;
  for (const suite of data.testsuites) {
    for (const c of suite.testcases) if (c.status !== 0) failed++;
  }
  return failed;
}

/** Where the analyze screen opens a file (spec 001 §2 Tools: the upload tool's view link). */
export function diagnosticAnalyzePath(
  deviceId: string,
  fileHash: string,
  report: DiagnosticReportRoute = 'overview',
): string {
  return `/devices/${deviceId}/diagnostics/analyze/${fileHash}/${report}`;
}
