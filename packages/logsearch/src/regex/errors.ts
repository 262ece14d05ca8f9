/**
 * Why a search pattern cannot be used as a regular expression:
 * - `syntax`: it is not a valid .NET-style expression (the search then looks for the text as
 *   typed, spec 001 §5 "An invalid regex falls back to an escaped literal match");
 * - `unsupported`: valid, but uses a construct that cannot run in linear time (backreferences,
 *   lookaround, atomic groups, conditionals) or that the engine lacks: refused with the message;
 * - `too-long`, `too-complex`: over the pattern's length or the program's size limit: refused.
 */
export type PatternErrorCode = 'syntax' | 'unsupported' | 'too-long' | 'too-complex';

export class PatternError extends Error {
  override readonly name = 'PatternError';
  constructor(
    readonly code: PatternErrorCode,
    message: string,
    /** Where in the pattern (UTF-16 index), when one place is to blame. */
    readonly offset: number | null = null,
  ) {
    super(message);
  }
}

export function isPatternError(error: unknown): error is PatternError {
  return error instanceof PatternError;
}

/** The user-facing texts of refusals (decision 042). */
export const PATTERN_MESSAGES = {
  unsupported: (construct: string, offset: number) =>
    `The search pattern uses ${construct} at position ${offset + 1}, which log search does not support (it cannot run in linear time). Remove it, or search for plain text.`,
  unsupportedFeature: (construct: string, offset: number) =>
    `The search pattern uses ${construct} at position ${offset + 1}, which log search does not support.`,
  tooLong: (max: number) => `The search pattern must be at most ${max} characters.`,
  tooComplex: 'The search pattern is too complex to search (it expands to too large a program).',
  repeatTooLarge: (max: number) =>
    `A repetition count in the search pattern is above ${max}, which log search does not support.`,
} as const;
