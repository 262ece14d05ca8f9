let handler: ((error: unknown) => void) | null = null;

/** Set once by the app: where unexpected errors go (spec 000 §8). */
export function setUnexpectedErrorHandler(next: (error: unknown) => void): void {
  handler = next;
}

export function reportUnexpectedError(error: unknown): void {
  if (handler) handler(error);
  else console.error(error);
}
