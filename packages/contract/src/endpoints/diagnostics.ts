import {
  DIAGNOSTICS_LIMITS as L,
  bistReportSchema,
  deviceDiagnosticParamsSchema,
  diagnosticDownloadQuerySchema,
  diagnosticFileListSchema,
  diagnosticFileSchema,
  diagnosticListQuerySchema,
  diagnosticOverviewSchema,
  diagnosticReportQuerySchema,
  diagnosticReportTypesSchema,
  diagnosticSerialParamsSchema,
  diagnosticUploadResponseSchema,
  postReportSchema,
  signedBlobQuerySchema,
  storageBlobUrlBodySchema,
} from '../diagnostics/diagnostics.js';
import {
  DIAGNOSTIC_SERIES_LIMITS as SL,
  aimMetricsReportSchema,
  aimTrackingReportSchema,
  diagnosticSeriesQuerySchema,
} from '../diagnostics/diagnostic-series.js';
import {
  LOG_SEARCH_LIMITS as LS,
  LOG_SEARCH_MESSAGES as LM,
  logDateRangeSchema,
  logDatesQuerySchema,
  logSearchPageSchema,
  logSearchQuerySchema,
} from '../diagnostics/log-search.js';
import { endpoint, media, multipartFiles } from '../http/endpoint.js';

/**
 * Diagnostic bundles (spec 001 §7 Diagnostics; docs/decisions/039-diagnostic-bundles.md).
 * Super User, the brand Admin and Sales Support (`diagnostics.upload`). A file is found within
 * the caller's accounts first (the account of the device that carried the serial at upload):
 * outside them it answers 404, then the role is checked (403).
 */
const route = { kind: 'permission', permission: 'diagnostics.upload', check: 'route' } as const;
const object = { kind: 'permission', permission: 'diagnostics.upload', check: 'object' } as const;

const reportDescription = (what: string) =>
  `${what} of a processed bundle, read from its published contents. 404 "Diagnostic file not ` +
  `found" outside the caller's accounts or for an unknown path; 409 while the bundle is being ` +
  `processed or when it was rejected (the reason given).`;

export const diagnosticsEndpoints = {
  upload: endpoint({
    method: 'POST',
    path: '/v2/storage/diagnostics/{serial}',
    tags: ['diagnostics'],
    summary: 'Upload a diagnostic bundle (.kdp), streamed',
    description:
      `multipart/form-data: an optional text field "${L.serialField}" (the device page's), ` +
      `then the bundle in "${L.fileField}". The antenna serial is read from the file name ` +
      `(ANTENNASERIAL_yyyymmddhhMMss.kdp) and must equal {serial} (and ${L.serialField} when ` +
      `sent). The body streams to the file store while its MD5 is computed; a file over ` +
      `${L.maxFileBytes} bytes is refused (413) as soon as it goes past the limit, and nothing ` +
      `of it is kept; 507 when the server's disk could not take it without eating into the ` +
      `space it keeps free (try again later). A file whose name is already stored for the serial is not added again ` +
      `(data.duplicate). The bundle is then authenticated, unpacked and indexed by a ` +
      `background job (data.file.jobId, visible in /jobs) into a quarantine published only ` +
      `when the whole bundle authenticated.`,
    access: route,
    params: diagnosticSerialParamsSchema,
    body: multipartFiles(L.fileField, {
      multiple: false,
      maxFiles: 1,
      description: `The bundle (at most ${L.maxFileBytes} bytes)`,
    }),
    responses: { 200: diagnosticUploadResponseSchema },
  }),
  list: endpoint({
    method: 'GET',
    path: '/v2/storage/diagnostics/{serial}/items',
    tags: ['diagnostics'],
    summary: "The diagnostic files of an antenna serial in the caller's accounts, newest first",
    access: route,
    params: diagnosticSerialParamsSchema,
    query: diagnosticListQuerySchema,
    responses: { 200: diagnosticFileListSchema },
  }),
  download: endpoint({
    method: 'GET',
    path: '/v2/storage/diagnostics/{serial}/download',
    tags: ['diagnostics'],
    summary: 'Download a stored bundle as uploaded (path = {antennaSerial}/{fileName})',
    description:
      'The path must be exactly the serial, a slash and a stored bundle name: anything else ' +
      '(dot segments, absolute or encoded paths, another serial) answers 400 "Invalid path.".',
    access: object,
    params: diagnosticSerialParamsSchema,
    query: diagnosticDownloadQuerySchema,
    responses: { 200: media('application/octet-stream', 'The bundle, as an attachment') },
  }),
  blobUrl: endpoint({
    method: 'POST',
    path: '/v2/storage/blob',
    tags: ['diagnostics', 'resources'],
    summary: 'A signed, short-lived URL of a stored file (text)',
    description:
      `The URL is valid for ${L.signedUrlSeconds} s and needs no bearer token. The diagnostics ` +
      `container needs diagnostics.upload (a file outside the caller's accounts is 404, then ` +
      `403); the document containers (documents, software-downloads) are every signed-in ` +
      `user's: 400 "Storage container not recognized.", "Invalid path." or "Invalid file name." ` +
      `for a path that cannot be a file of the container, 404 "File not found" for one no file ` +
      `has. \`view\`: PDFs and images open inline, every other file downloads.`,
    access: {
      kind: 'rule',
      rule: 'diagnostics.upload for the diagnostics container (checked on the file); any signed-in user for documents and software-downloads',
      permissions: ['diagnostics.upload'],
    },
    body: storageBlobUrlBodySchema,
    responses: { 200: media('text/plain', 'The signed URL') },
  }),
  signedBlob: endpoint({
    method: 'GET',
    path: '/v2/storage/blob/signed',
    tags: ['diagnostics', 'resources'],
    summary: 'A stored file through a signed URL of POST /v2/storage/blob (any container)',
    description: '403 for a token that is forged, altered or expired.',
    access: { kind: 'public' },
    query: signedBlobQuerySchema,
    responses: { 200: media('application/octet-stream', 'The file') },
  }),
  fileByHash: endpoint({
    method: 'GET',
    path: '/v2/devices/{id}/diagnostics/{fileHash}',
    tags: ['diagnostics'],
    summary: "One of a device's diagnostic files by its hash (the analyze screen)",
    access: object,
    params: deviceDiagnosticParamsSchema,
    responses: { 200: diagnosticFileSchema },
  }),
  reportTypes: endpoint({
    method: 'GET',
    path: '/v1/diagnostics/reports',
    tags: ['diagnostics'],
    summary: 'The report types of the analyze screen and whether each is available',
    access: route,
    responses: { 200: diagnosticReportTypesSchema },
  }),
  overview: endpoint({
    method: 'GET',
    path: '/v1/diagnostics/reports/overview',
    tags: ['diagnostics'],
    summary: 'Overview report',
    description: reportDescription(
      'Entitlements, component inventory, text files and the comparison with the asset system',
    ),
    access: object,
    query: diagnosticReportQuerySchema,
    responses: { 200: diagnosticOverviewSchema },
  }),
  bist: endpoint({
    method: 'GET',
    path: '/v1/diagnostics/reports/bist',
    tags: ['diagnostics'],
    summary: 'BIST report (the latest self test)',
    description: reportDescription('The latest self-test run'),
    access: object,
    query: diagnosticReportQuerySchema,
    responses: { 200: bistReportSchema },
  }),
  post: endpoint({
    method: 'GET',
    path: '/v1/diagnostics/reports/post',
    tags: ['diagnostics'],
    summary: 'POST report (post, post.0 … post.9)',
    description: reportDescription('Every self-test run kept by the antenna'),
    access: object,
    query: diagnosticReportQuerySchema,
    responses: { 200: postReportSchema },
  }),
  aimTracking: endpoint({
    method: 'GET',
    path: '/v1/diagnostics/reports/aimtracking',
    tags: ['diagnostics'],
    summary: 'AIM Tracking report: the tracking log, downsampled, and the blockage zones',
    description:
      reportDescription(
        `The tracking records (aim/aim-csv and its rotations, oldest first) from fromDate to ` +
          `toDate (ISO; the whole log when absent), at most ${SL.trackingTargetPoints} points: ` +
          `per time bucket the record of the lowest SINR and one more (a record without SINR, ` +
          `a muted one, or the highest SINR), so a deep drop always shows`,
      ) + ' 400 when toDate is before fromDate.',
    access: object,
    query: diagnosticSeriesQuerySchema,
    responses: { 200: aimTrackingReportSchema },
  }),
  aimMetrics: endpoint({
    method: 'GET',
    path: '/v1/diagnostics/reports/aimmetrics',
    tags: ['diagnostics'],
    summary: 'Metrics report: every metric of the bundle, downsampled',
    description:
      reportDescription(
        `Each metric of metrics/metrics-csv and its rotations from fromDate to toDate (ISO; ` +
          `the whole log when absent), at most ${SL.metricsTargetPoints} points a metric: the ` +
          `lowest and highest sample of each time bucket`,
      ) + ' 400 when toDate is before fromDate.',
    access: object,
    query: diagnosticSeriesQuerySchema,
    responses: { 200: aimMetricsReportSchema },
  }),
  syslog: endpoint({
    method: 'GET',
    path: '/v1/diagnostics/reports/syslog',
    tags: ['diagnostics'],
    summary: 'Search report: a page of log entries (syslog and debug log) in time order',
    description:
      `The lines of the chosen logs (logTypes, comma-separated: syslog, debug; ` +
      `"${LM.logTypesRequired}" without) between fromDate and toDate, merged in time order ` +
      `(rotated files oldest first). highlight: every line, each marked isHighlight when the ` +
      `pattern matches (requireHighlight moves on to the first page from pageNumber holding ` +
      `one: updatedPage); filter: only the lines that match, paged over the matches. Patterns ` +
      `are .NET-style regular expressions, case-insensitive unless (?-i) (a pattern that does ` +
      `not parse is searched as typed); backreferences, lookaround, atomic groups and ` +
      `conditionals are refused with 400, as is a pattern over ${LS.maxPatternLength} ` +
      `characters. pageSize ${LS.allPages} streams every entry. A page past the last is empty. ` +
      `404 "Diagnostic file not found" outside the caller's accounts; 409 while the bundle is ` +
      `processed or when it was rejected.`,
    access: object,
    query: logSearchQuerySchema,
    responses: { 200: logSearchPageSchema },
  }),
  syslogDates: endpoint({
    method: 'GET',
    path: '/v1/diagnostics/reports/syslog/dates',
    tags: ['diagnostics'],
    summary: 'Search report: the first and last time of the logs (MinDate, MaxDate)',
    description: reportDescription('The date range of the chosen logs (default: both)'),
    access: object,
    query: logDatesQuerySchema,
    responses: { 200: logDateRangeSchema },
  }),
} as const;
