import { showToast } from '../../../lib/toast';
import { diagnosticsMessages as m } from '../messages';

/** The address of an app path as another user would open it. */
export function absoluteAppUrl(path: string): string {
  return new URL(path, window.location.origin).href;
}

/** Copies the absolute address of an app path and says so ('Link copied to clipboard!'). */
export async function copyLink(path: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(absoluteAppUrl(path));
    showToast({ message: m.linkCopied, color: 'green', autoClose: 3_000 });
  } catch {
    showToast({ message: m.copyFailed, color: 'red', autoClose: 5_000 });
  }
}

/** Opens a signed download URL: the file arrives as an attachment and the page stays. */
export function openSignedUrl(url: string): void {
  window.location.assign(url);
}
