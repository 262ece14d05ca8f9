import { describe, expect, it } from 'vitest';
import {
  networkTemplateBodySchema,
  NETWORK_TEMPLATE_MAX_DEPTH,
} from '../device-config/device-config.js';
import { findInputProblem, jsonDepth, REQUEST_MAX_DEPTH, textProblem } from './input-limits.js';

/** `{ a: { a: ... { a: 1 } } }`, `levels` objects deep, built without recursion. */
function nested(levels: number): Record<string, unknown> {
  let value: Record<string, unknown> = { a: 1 };
  for (let i = 1; i < levels; i++) value = { a: value };
  return value;
}

describe('text PostgreSQL cannot store', () => {
  it.each([
    ['a NUL', 'ab\u0000c', 'nul'],
    ['a lone high surrogate', 'x\ud800', 'surrogate'],
    ['a lone low surrogate', '\udc00x', 'surrogate'],
    ['swapped halves', '\ude00\ud83d', 'surrogate'],
  ])('finds %s', (_what, text, kind) => {
    expect(textProblem(text)).toBe(kind);
  });

  it('accepts ordinary text, emoji (a surrogate pair) and every other control character', () => {
    expect(textProblem('Grüße 😀 \t\n\u0001\uffff')).toBeNull();
  });
});

describe('findInputProblem', () => {
  it('names the path of a bad string, a bad key, or where nesting got too deep', () => {
    expect(findInputProblem({ a: [{ b: 'ok' }, { c: 'x\u0000' }] })).toEqual({
      kind: 'nul',
      path: ['a', 1, 'c'],
    });
    expect(findInputProblem({ params: { ['k\ud800']: 1 } })).toEqual({
      kind: 'surrogate',
      path: ['params', 'k\ud800'],
    });
    const deep = findInputProblem({ template: nested(REQUEST_MAX_DEPTH + 5) });
    expect(deep?.kind).toBe('depth');
    expect(deep?.path.slice(0, 2)).toEqual(['template', 'a']);
    expect(deep?.path).toHaveLength(REQUEST_MAX_DEPTH);
  });

  it('allows exactly the maximum depth', () => {
    expect(findInputProblem(nested(REQUEST_MAX_DEPTH))).toBeNull();
    expect(findInputProblem(nested(REQUEST_MAX_DEPTH + 1))?.kind).toBe('depth');
  });

  it('walks 100,000 levels without overflowing the stack', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findInputProblem(deep, 200_000)).toBeNull();
    expect(jsonDepth(deep)).toBe(100_000);
  });
});

describe('the network template depth (checked before the size, which serializes)', () => {
  it('refuses a template nested 5,000 levels deep with an issue, not a stack overflow', () => {
    const result = networkTemplateBodySchema.safeParse(nested(5_000));
    expect(result.success).toBe(false);
    expect(result.error?.issues).toHaveLength(1);
    expect(result.error?.issues[0]?.message).toBe(
      `The template must not be nested more than ${NETWORK_TEMPLATE_MAX_DEPTH} levels deep.`,
    );
  });

  it('accepts a template at the maximum depth', () => {
    expect(networkTemplateBodySchema.safeParse(nested(NETWORK_TEMPLATE_MAX_DEPTH)).success).toBe(
      true,
    );
    expect(
      networkTemplateBodySchema.safeParse(nested(NETWORK_TEMPLATE_MAX_DEPTH + 1)).success,
    ).toBe(false);
  });
});
