import type { DiagnosticReportQuery } from '@aerie/contract';

/** The query key of one report of one file. */
export const diagnosticReportQueryKey = (report: string, query: DiagnosticReportQuery) =>
  ['diagnostics', 'report', report, query.antennaSerial, query.relativePath] as const;
