import { useRouter } from '@tanstack/react-router';
import type { MouseEvent } from 'react';
import { routePath } from '../../../lib/route-paths';
import { showToast } from '../../../lib/toast';
import { resourcesMessages as m } from '../messages';

/** Spec 002 §9 "Timings": a snackbar stays 3.5 s. */
export const SNACKBAR_MS = 3_500;

/** The download page of a file (`/resources/download?path=…`), viewing it or not. */
export function downloadPagePath(path: string, options: { view?: boolean; search?: string } = {}) {
  return routePath(
    'downloadDocumentationFile',
    {},
    {
      path,
      ...(options.view ? { view: 'true' } : {}),
      ...(options.search ? { search: options.search } : {}),
    },
  );
}

/** Copies the lasting link of a file (its download page, not an expiring signed URL). */
export async function copyFileLink(path: string, view: boolean): Promise<void> {
  const url = new URL(downloadPagePath(path, { view }), window.location.origin).href;
  try {
    await navigator.clipboard.writeText(url);
    showToast({ message: m.linkCopied, color: 'green', autoClose: SNACKBAR_MS });
  } catch {
    showToast({ message: m.copyFailed, color: 'red', autoClose: 5_000 });
  }
}

/**
 * Opens a signed URL: a file to view replaces the page (Back returns to where the user was),
 * a download arrives as an attachment and the page stays.
 */
export function openSignedUrl(url: string, view: boolean): void {
  if (view) window.location.replace(url);
  else window.location.assign(url);
}

/**
 * The click handler of a link to an app address that carries a query (the router's typed
 * links cannot name one): a plain click navigates inside the app; a modified click (new tab,
 * new window) is left to the browser.
 */
export function useAppLink(): (href: string) => (event: MouseEvent<HTMLElement>) => void {
  const router = useRouter();
  return (href) => (event) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
      return;
    }
    event.preventDefault();
    router.history.push(href);
  };
}
