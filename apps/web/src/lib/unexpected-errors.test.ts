// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { createUnexpectedErrorHandler, type ErrorToast } from './unexpected-errors';

function setup(viewer: Parameters<typeof createUnexpectedErrorHandler>[0]['viewer']) {
  const toasts: ErrorToast[] = [];
  const report = vi.fn(async () => undefined);
  const handle = createUnexpectedErrorHandler({ notify: (t) => toasts.push(t), report, viewer });
  return { toasts, report, handle };
}

describe('createUnexpectedErrorHandler', () => {
  it('shows ordinary users the support message for 5 s and reports the error', () => {
    const { toasts, report, handle } = setup(() => ({
      role: 'accountAdmin',
      detailedErrors: true,
    }));
    handle(new Error('boom'));
    expect(toasts).toEqual([
      {
        message: 'An unexpected error occurred. Customer support has been notified.',
        autoClose: 5000,
      },
    ]);
    expect(report).toHaveBeenCalledWith(expect.objectContaining({ message: 'boom' }));
  });

  it('shows Super User with detailedErrors on a persistent message with the stack', () => {
    const { toasts, handle } = setup(() => ({ role: 'superUser', detailedErrors: true }));
    const error = new Error('boom');
    handle(error);
    expect(toasts[0]?.autoClose).toBe(false);
    // The message alone (the server's, for an API error); the stack apart, under it.
    expect(toasts[0]?.message).toBe('boom');
    expect(toasts[0]?.detail).toBe(error.stack);
  });

  it('keeps the plain message for provider Admin with detailedErrors off', () => {
    const { toasts, handle } = setup(() => ({ role: 'providerAdmin', detailedErrors: false }));
    handle(new Error('boom'));
    expect(toasts[0]?.autoClose).toBe(5000);
  });
});
