import { z } from 'zod';

/**
 * What no request may carry, whatever its schema (docs/security.md, "Input, limits and races"):
 * text PostgreSQL cannot store (NUL, and UTF-16 surrogates without their pair, which JSON's
 * `\uXXXX` escapes can produce) and nesting deeper than any request of the API needs. The
 * server checks every request's params, query and body with {@link findInputProblem} before
 * its schema runs; schemas of free-form JSON add their own, smaller depth with
 * {@link jsonDepthAtMost}. Both walk the value with an explicit stack: a value nested
 * thousands of levels deep cannot overflow the call stack.
 */

/** The deepest nesting of objects and arrays a request may carry (the API needs under 10). */
export const REQUEST_MAX_DEPTH = 32;

export type InputProblemKind = 'nul' | 'surrogate' | 'depth';

export interface InputProblem {
  kind: InputProblemKind;
  /** Where: object keys and array indexes from the top (`['template', 'a', 0]`). */
  path: (string | number)[];
}

/** A surrogate half without its other half (code units: linear, no backtracking). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why a text cannot be stored, or null. */
export function textProblem(text: string): Exclude<InputProblemKind, 'depth'> | null {
  if (text.includes('\u0000')) return 'nul';
  if (LONE_SURROGATE.test(text)) return 'surrogate';
  return null;
}

/** A path as a linked list from the leaf up: pushing a child costs O(1) whatever the depth. */
interface PathNode {
  key: string | number;
  parent: PathNode | null;
}

function pathOf(node: PathNode | null): (string | number)[] {
  const path: (string | number)[] = [];
  for (let n = node; n; n = n.parent) path.push(n.key);
  return path.reverse();
}

/**
 * The first problem of a parsed JSON value (or query/params object): a string or an object key
 * with NUL or a lone surrogate, or an object or array nested deeper than `maxDepth` (the value
 * itself is depth 0; its members depth 1). Iterative, so any depth is safe to check.
 */
export function findInputProblem(
  value: unknown,
  maxDepth: number = REQUEST_MAX_DEPTH,
): InputProblem | null {
  const stack: { value: unknown; depth: number; at: PathNode | null }[] = [
    { value, depth: 0, at: null },
  ];
  while (stack.length > 0) {
    const { value: current, depth, at } = stack.pop()!;
    if (typeof current === 'string') {
      const kind = textProblem(current);
      if (kind) return { kind, path: pathOf(at) };
      continue;
    }
    if (typeof current !== 'object' || current === null) continue;
    if (depth >= maxDepth) return { kind: 'depth', path: pathOf(at) };
    if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--)
        stack.push({ value: current[i], depth: depth + 1, at: { key: i, parent: at } });
      continue;
    }
    const keys = Object.keys(current);
    for (let i = keys.length - 1; i >= 0; i--) {
      const key = keys[i]!;
      const kind = textProblem(key);
      if (kind) return { kind, path: pathOf({ key, parent: at }) };
      const child = (current as Record<string, unknown>)[key];
      stack.push({ value: child, depth: depth + 1, at: { key, parent: at } });
    }
  }
  return null;
}

/** The user-facing sentence of a problem (the field is named apart from it). */
export function inputProblemMessage(problem: InputProblem, maxDepth = REQUEST_MAX_DEPTH): string {
  switch (problem.kind) {
    case 'nul':
      return 'Text must not contain the NUL character (\\u0000).';
    case 'surrogate':
      return 'Text must be valid Unicode (a UTF-16 surrogate without its pair was sent).';
    case 'depth':
      return `Objects and arrays must not be nested more than ${maxDepth} levels deep.`;
  }
}

/** How deep a JSON value nests (a scalar is 0, `{}` or `[]` is 1), counted without recursion. */
export function jsonDepth(value: unknown, stopAbove = Number.POSITIVE_INFINITY): number {
  let deepest = 0;
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  while (stack.length > 0) {
    const { value: current, depth } = stack.pop()!;
    if (typeof current !== 'object' || current === null) continue;
    const here = depth + 1;
    if (here > deepest) deepest = here;
    if (deepest > stopAbove) return deepest;
    for (const child of Array.isArray(current) ? current : Object.values(current))
      stack.push({ value: child, depth: here });
  }
  return deepest;
}

/**
 * A check for schemas of free-form JSON (templates): at most `max` levels of objects and arrays.
 * It aborts the schema's later checks (which may recurse, like `JSON.stringify`) when it fails.
 */
export function jsonDepthAtMost(max: number, message = `At most ${max} levels of nesting.`) {
  return z.refine<unknown>((value) => jsonDepth(value, max) <= max, { message, abort: true });
}
