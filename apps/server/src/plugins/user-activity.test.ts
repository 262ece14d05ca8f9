import { describe, expect, it, vi } from 'vitest';
import { createUserActivityRecorder } from './user-activity.js';

const HOUR = 3_600_000;

function setup(write = vi.fn(async (_id: string, _at: Date) => {}), maxTracked?: number) {
  let t = 1_000_000;
  const onError = vi.fn();
  const record = createUserActivityRecorder({
    write,
    onError,
    now: () => t,
    ...(maxTracked ? { maxTracked } : {}),
  });
  return { record, write, onError, advance: (ms: number) => (t += ms) };
}

describe('createUserActivityRecorder', () => {
  it('writes a user at most once an hour', () => {
    const { record, write, advance } = setup();
    record('u1');
    record('u1');
    advance(HOUR - 1);
    record('u1');
    expect(write).toHaveBeenCalledTimes(1);
    expect(write).toHaveBeenCalledWith('u1', new Date(1_000_000));
    advance(1);
    record('u1');
    expect(write).toHaveBeenCalledTimes(2);
  });

  it('throttles each user on their own', () => {
    const { record, write } = setup();
    record('u1');
    record('u2');
    record('u1');
    expect(write.mock.calls.map((c) => c[0])).toEqual(['u1', 'u2']);
  });

  it('reports a failed write without throwing and tries again on the next call', async () => {
    const write = vi.fn(async () => {
      throw new Error('database down');
    });
    const { record, onError } = setup(write);
    expect(() => record('u1')).not.toThrow();
    await vi.waitFor(() => expect(onError).toHaveBeenCalledTimes(1));
    record('u1');
    expect(write).toHaveBeenCalledTimes(2);
  });

  it('survives a writer that throws synchronously', () => {
    const write = vi.fn((): Promise<void> => {
      throw new Error('boom');
    });
    const { record, onError } = setup(write);
    expect(() => record('u1')).not.toThrow();
    expect(onError).toHaveBeenCalledTimes(1);
  });

  it('forgets the oldest users past its bound, so memory stays bounded', () => {
    const { record, write } = setup(undefined, 3);
    for (const id of ['a', 'b', 'c', 'd']) record(id);
    // "a" was forgotten to make room and is written again; "d" is still remembered.
    record('a');
    record('d');
    expect(write.mock.calls.map((c) => c[0])).toEqual(['a', 'b', 'c', 'd', 'a']);
  });
});
