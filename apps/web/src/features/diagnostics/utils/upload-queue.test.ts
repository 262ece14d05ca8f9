import { describe, expect, it } from 'vitest';
import {
  DIAGNOSTIC_DEVICE_ID as DEVICE,
  DIAGNOSTIC_MD5 as MD5,
  buildUploadAnswer,
} from '../../../test/diagnostic-files.fixture';
import { createUploadQueue, type UploadFileFn } from './upload-queue';

const bundle = (n: number) => new File(['x'], `ANT${n}_20261122101500.kdp`);

/** Uploads that finish when the test says so. */
function controllableUploads() {
  const calls: {
    name: string;
    serial: string;
    progress: (fraction: number) => void;
    resolve: () => void;
    reject: (error: unknown) => void;
  }[] = [];
  const upload: UploadFileFn = ({ serial, file, onProgress }) =>
    new Promise((resolve, reject) => {
      calls.push({
        name: file.name,
        serial,
        progress: onProgress,
        resolve: () => resolve(buildUploadAnswer(file.name)),
        reject,
      });
    });
  return { upload, calls };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the upload queue', () => {
  it('runs at most 3 uploads at once and starts the next when one finishes', async () => {
    const { upload, calls } = controllableUploads();
    const queue = createUploadQueue(upload, 3);
    queue.add([1, 2, 3, 4, 5].map(bundle));
    queue.start();
    expect(calls.map((c) => c.name)).toEqual([
      'ANT1_20261122101500.kdp',
      'ANT2_20261122101500.kdp',
      'ANT3_20261122101500.kdp',
    ]);
    expect(queue.getItems().map((i) => i.status)).toEqual([
      'uploading',
      'uploading',
      'uploading',
      'pending',
      'pending',
    ]);
    calls[1]!.resolve();
    await settle();
    expect(calls).toHaveLength(4);
    expect(calls[3]!.serial).toBe('ANT4');
    expect(queue.getItems().map((i) => i.status)).toEqual([
      'uploading',
      'done',
      'uploading',
      'uploading',
      'pending',
    ]);
    calls[0]!.reject(new Error('The file is empty.'));
    await settle();
    expect(calls).toHaveLength(5);
    const first = queue.getItems()[0]!;
    expect(first).toMatchObject({ status: 'error', message: 'The file is empty.' });
  });

  it('keeps the device and content MD5 of a finished upload, and its progress on the way', async () => {
    const { upload, calls } = controllableUploads();
    const queue = createUploadQueue(upload, 3);
    queue.add([bundle(1)]);
    queue.start();
    calls[0]!.progress(0.255);
    expect(queue.getItems()[0]!.progress).toBe(0.25);
    calls[0]!.resolve();
    await settle();
    expect(queue.getItems()[0]).toMatchObject({
      status: 'done',
      progress: 1,
      device: { id: DEVICE },
      blobResult: { contentMD5: MD5 },
    });
  });

  it('starts only pending items: not those in error, nor those added after the start', async () => {
    const { upload, calls } = controllableUploads();
    const queue = createUploadQueue(upload, 3);
    queue.add([new File(['x'], 'no-serial.kdp'), bundle(1)]);
    queue.start();
    queue.add([bundle(2)]);
    expect(calls.map((c) => c.name)).toEqual(['ANT1_20261122101500.kdp']);
    expect(queue.getItems().map((i) => i.status)).toEqual(['error', 'uploading', 'pending']);
    calls[0]!.resolve();
    await settle();
    expect(calls).toHaveLength(1);
    queue.start();
    expect(calls.map((c) => c.name)).toEqual([
      'ANT1_20261122101500.kdp',
      'ANT2_20261122101500.kdp',
    ]);
  });

  it('removes any item but one uploading; a removed waiting item never starts', async () => {
    const { upload, calls } = controllableUploads();
    const queue = createUploadQueue(upload, 1);
    queue.add([bundle(1), bundle(2), bundle(3)]);
    queue.start();
    const [uploading, waiting] = queue.getItems();
    queue.remove(uploading!.id);
    queue.remove(waiting!.id);
    expect(queue.getItems().map((i) => i.file.name)).toEqual([
      'ANT1_20261122101500.kdp',
      'ANT3_20261122101500.kdp',
    ]);
    calls[0]!.resolve();
    await settle();
    expect(calls.map((c) => c.name)).toEqual([
      'ANT1_20261122101500.kdp',
      'ANT3_20261122101500.kdp',
    ]);
  });

  it('clears every item but those uploading, and adds a name only once', () => {
    const { upload } = controllableUploads();
    const queue = createUploadQueue(upload, 1);
    expect(queue.add([bundle(1), bundle(2), bundle(1)])).toEqual(['ANT1_20261122101500.kdp']);
    expect(queue.add([bundle(2)])).toEqual(['ANT2_20261122101500.kdp']);
    expect(queue.getItems()).toHaveLength(2);
    queue.start();
    queue.clear();
    expect(queue.getItems().map((i) => i.status)).toEqual(['uploading']);
  });
});
