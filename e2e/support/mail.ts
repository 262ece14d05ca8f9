import { expect, inject } from 'vitest';
import type { CaughtMail } from './mail-catcher.js';

/** What the servers under test have sent over SMTP so far. */
export async function caughtMail(): Promise<CaughtMail[]> {
  const response = await fetch(`${inject('mailCatcherUrl')}/messages`);
  return (await response.json()) as CaughtMail[];
}

/** Waits for a message whose subject contains `subject` to arrive, and answers it. */
export async function waitForMail(subject: string, timeout = 30_000): Promise<CaughtMail> {
  let found: CaughtMail | undefined;
  await expect
    .poll(
      async () => {
        found = (await caughtMail()).find((m) => m.subject.includes(subject));
        return found !== undefined;
      },
      { timeout, interval: 250 },
    )
    .toBe(true);
  return found!;
}
