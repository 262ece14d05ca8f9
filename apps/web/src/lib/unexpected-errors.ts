import type { ErrorReport, RoleKey } from '@aerie/contract';
import { DETAILED_ERRORS, FEED_LIMITS, roleCan } from '@aerie/contract';
import { libMessages } from './messages';

/** How long the ordinary "unexpected error" toast stays (spec 000 §8: 5 s). */
export const UNEXPECTED_ERROR_TOAST_MS = 5_000;
/** The same error within this window is shown and reported once. */
const REPEAT_WINDOW_MS = 5_000;

export interface ErrorToast {
  title?: string;
  message: string;
  /** The stack, shown apart from the message (detailed errors only). */
  detail?: string;
  /** Milliseconds, or false for a persistent notification. */
  autoClose: number | false;
}

export interface UnexpectedErrorDependencies {
  notify: (toast: ErrorToast) => void;
  report: (report: ErrorReport) => Promise<unknown>;
  /** The signed-in user's role and detailedErrors setting; null before the profile loads. */
  viewer: () => { role: RoleKey; detailedErrors: boolean } | null;
  now?: () => number;
}

/** Whether this viewer gets the persistent message-and-stack notification (spec 000 §6, §8). */
export function showsDetailedErrors(
  viewer: { role: RoleKey; detailedErrors: boolean } | null,
): boolean {
  return !!viewer && viewer.detailedErrors && roleCan(viewer.role, DETAILED_ERRORS);
}

function describe(error: unknown): { message: string; stack: string | null } {
  if (error instanceof Error) return { message: error.message, stack: error.stack ?? null };
  return { message: String(error), stack: null };
}

/**
 * Handles an unexpected error (spec 000 §8): ordinary users see the support message for 5 s;
 * Super User and provider Admin with detailedErrors on see message and stack until closed.
 * Every error is reported with `POST /v2/feed/errors`.
 */
export function createUnexpectedErrorHandler(deps: UnexpectedErrorDependencies) {
  const now = deps.now ?? Date.now;
  const recent = new Map<string, number>();

  return (error: unknown): void => {
    const { message, stack } = describe(error);
    const at = now();
    const last = recent.get(message);
    if (last !== undefined && at - last < REPEAT_WINDOW_MS) return;
    recent.set(message, at);

    if (showsDetailedErrors(deps.viewer())) {
      deps.notify({
        title: libMessages.detailedErrorTitle,
        message,
        ...(stack ? { detail: stack } : {}),
        autoClose: false,
      });
    } else {
      deps.notify({ message: libMessages.unexpectedError, autoClose: UNEXPECTED_ERROR_TOAST_MS });
    }

    deps
      .report({
        message: message.slice(0, FEED_LIMITS.errorMessage),
        stack: stack ? stack.slice(0, FEED_LIMITS.errorStack) : null,
        url: window.location.href.slice(0, FEED_LIMITS.url),
        userAgent: navigator.userAgent.slice(0, FEED_LIMITS.userAgent),
      })
      .catch(() => undefined);
  };
}
