import { useSyncExternalStore } from 'react';
import { uploadDiagnosticFile } from '../api/upload-diagnostic-file';
import { createUploadQueue, type UploadQueue } from '../utils/upload-queue';
import type { UploadItem } from '../utils/upload-items';

let appQueue: UploadQueue | null = null;

/** The app's one upload queue: the tool's list and its uploads outlive a visit to the tab. */
export function appUploadQueue(): UploadQueue {
  appQueue ??= createUploadQueue((request) => uploadDiagnosticFile(request));
  return appQueue;
}

/** The queue's items, re-rendering on every change. */
export function useUploadItems(queue: UploadQueue): readonly UploadItem[] {
  return useSyncExternalStore(queue.subscribe, queue.getItems, queue.getItems);
}
