import {
  DIAGNOSTICS_MESSAGES,
  type DiagnosticDevice,
  type DiagnosticFile,
  type DiagnosticUploadResponse,
} from '@aerie/contract';
import { antennaSerialOf, bundleNameProblem } from './bundle-name';

/** spec 001 §3 "Diagnostics upload item": pending, then uploading, then done or error. */
export type UploadStatus = 'pending' | 'uploading' | 'done' | 'error';

/** One file of the upload tool (spec 001 §3 "Diagnostics upload item"). */
export interface UploadItem {
  id: string;
  file: File;
  /** From the file name; null when it cannot be read (the item is an error from the start). */
  antennaSerial: string | null;
  status: UploadStatus;
  /** The share sent, 0 to 1. */
  progress: number;
  /** The device whose antenna carries the serial, once the server said. */
  device: DiagnosticDevice | null;
  blobResult: { contentMD5: string } | null;
  /** The stored file with its processing state when the upload finished. */
  stored: DiagnosticFile | null;
  /** A file of that name was stored already: nothing was added. */
  duplicate: boolean;
  /** Why it failed (status error). */
  message: string | null;
}

/**
 * Adds files to the list: a name already listed is not added twice (spec 001 §5); a name whose
 * antenna serial (or format) cannot be read is added as an error with the reason.
 */
export function addUploadItems(
  items: readonly UploadItem[],
  files: readonly File[],
  nextId: () => string,
): { items: UploadItem[]; duplicates: string[] } {
  const names = new Set(items.map((item) => item.file.name));
  const added: UploadItem[] = [];
  const duplicates: string[] = [];
  for (const file of files) {
    if (names.has(file.name)) {
      duplicates.push(file.name);
      continue;
    }
    names.add(file.name);
    const problem = bundleNameProblem(file.name);
    added.push({
      id: nextId(),
      file,
      antennaSerial: antennaSerialOf(file.name),
      status: problem ? 'error' : 'pending',
      progress: 0,
      device: null,
      blobResult: null,
      stored: null,
      duplicate: false,
      message: problem,
    });
  }
  return { items: [...items, ...added], duplicates };
}

/** The item once the server stored the file. */
export function uploadDone(item: UploadItem, answer: DiagnosticUploadResponse): UploadItem {
  const [blob] = answer.data.items;
  return {
    ...item,
    status: 'done',
    progress: 1,
    device: answer.data.device,
    blobResult: blob ? { contentMD5: blob.contentMD5 } : null,
    stored: answer.data.file,
    duplicate: answer.data.duplicate,
    message: null,
  };
}

/** spec 001 §8 "Upload item failure": the server's words, else 'Unknown Error'. */
export function uploadErrorMessage(error: unknown): string {
  if (error instanceof Error && error.message.trim()) return error.message.trim();
  if (typeof error === 'string' && error.trim()) return error.trim();
  return DIAGNOSTICS_MESSAGES.unknownError;
}

export function uploadFailed(item: UploadItem, error: unknown): UploadItem {
  return { ...item, status: 'error', message: uploadErrorMessage(error) };
}

/** Where the uploaded file opens: only when the device and the content's MD5 are known. */
export function analyzeTarget(item: UploadItem): { deviceId: string; fileHash: string } | null {
  if (item.status !== 'done' || !item.device || !item.blobResult) return null;
  return { deviceId: item.device.id, fileHash: item.blobResult.contentMD5 };
}

/** spec 001 §3: items that are not uploading can be removed. */
export function isRemovable(item: UploadItem): boolean {
  return item.status !== 'uploading';
}
