import { notifications } from '@mantine/notifications';

export interface Toast {
  title?: string;
  message: string;
  color?: string;
  /** Milliseconds, or false for a toast that stays until closed. */
  autoClose: number | false;
}

/** The same title and message make the same toast: shown again, it replaces itself. */
function toastId({ title, message }: Toast): string {
  return `toast:${title ?? ''}:${message}`;
}

/**
 * Shows a toast; the same message shown again replaces the one on screen (and restarts its
 * time) instead of stacking a copy under it.
 */
export function showToast(toast: Toast): void {
  const id = toastId(toast);
  notifications.hide(id);
  notifications.show({
    id,
    message: toast.message,
    autoClose: toast.autoClose,
    ...(toast.title ? { title: toast.title } : {}),
    ...(toast.color ? { color: toast.color } : {}),
  });
}
