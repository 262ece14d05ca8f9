import { describe, expect, it } from 'vitest';
import { finalJobStatuses, jobStatuses } from '@aerie/contract';
import { canTransition, sourcesOf } from './jobs.lifecycle.js';

describe('job state machine', () => {
  it('runs a queued job and ends a running one with any final status', () => {
    expect(canTransition('Queued', 'Running')).toBe(true);
    for (const final of finalJobStatuses) expect(canTransition('Running', final)).toBe(true);
  });

  it('lets a queued job fail without running, but not succeed', () => {
    expect(canTransition('Queued', 'Error')).toBe(true);
    expect(canTransition('Queued', 'Success')).toBe(false);
    expect(canTransition('Queued', 'PartialSuccess')).toBe(false);
  });

  it('never restarts, re-queues or changes a finished job', () => {
    for (const final of finalJobStatuses)
      for (const to of jobStatuses) expect(canTransition(final, to), `${final}→${to}`).toBe(false);
  });

  it('never goes back to Queued nor stays where it is', () => {
    for (const from of jobStatuses) {
      expect(canTransition(from, 'Queued')).toBe(false);
      expect(canTransition(from, from)).toBe(false);
    }
  });

  it('derives the guard of each transition from the table', () => {
    expect(sourcesOf('Running')).toEqual(['Queued']);
    expect(sourcesOf('Error')).toEqual(['Queued', 'Running']);
    expect(sourcesOf('Success')).toEqual(['Running']);
    expect(sourcesOf('Queued')).toEqual([]);
  });
});
