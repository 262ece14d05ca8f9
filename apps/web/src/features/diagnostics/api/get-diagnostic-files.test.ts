import type { DiagnosticFileList } from '@aerie/contract';
import { describe, expect, it } from 'vitest';
import { buildDiagnosticFile } from '../../../test/diagnostic-files.fixture';
import { getDiagnosticFilesQueryOptions, PROCESSING_POLL_MS } from './get-diagnostic-files';

const interval = (items: DiagnosticFileList['items'] | undefined) => {
  const { refetchInterval } = getDiagnosticFilesQueryOptions('ANT0001');
  const query = {
    state: { data: items ? { items, total: items.length } : undefined },
  } as unknown as Parameters<Extract<typeof refetchInterval, (...args: never[]) => unknown>>[0];
  return typeof refetchInterval === 'function' ? refetchInterval(query) : refetchInterval;
};

describe('the diagnostic file list query', () => {
  it('asks again every 2 s while a file is queued or processing, and stops after', () => {
    expect(interval([buildDiagnosticFile({ status: 'Queued' })])).toBe(PROCESSING_POLL_MS);
    expect(interval([buildDiagnosticFile({ status: 'Processing' })])).toBe(2_000);
    expect(
      interval([
        buildDiagnosticFile({ status: 'Ready' }),
        buildDiagnosticFile({ status: 'Rejected', statusMessage: 'Bad tag.' }),
      ]),
    ).toBe(false);
    expect(interval(undefined)).toBe(false);
  });
});
