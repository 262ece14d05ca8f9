import type { CharSet } from './char-set.js';

/** A parsed pattern: what the compiler turns into a program (groups are just their content). */
export type RegexNode =
  | { readonly type: 'empty' }
  | { readonly type: 'chars'; readonly set: CharSet }
  | { readonly type: 'concat'; readonly items: readonly RegexNode[] }
  | { readonly type: 'alt'; readonly items: readonly RegexNode[] }
  | {
      readonly type: 'repeat';
      readonly item: RegexNode;
      readonly min: number;
      /** -1: no upper bound. */
      readonly max: number;
      readonly greedy: boolean;
    }
  | { readonly type: 'assert'; readonly kind: AssertKind };

/** Zero-width assertions; the subject is one line, so `^` and `$` are its start and end. */
export type AssertKind = 'bol' | 'eol' | 'word' | 'notWord';

export const EMPTY: RegexNode = { type: 'empty' };

/** A concatenation, flattened, without empty items. */
export function concat(items: readonly RegexNode[]): RegexNode {
  const flat: RegexNode[] = [];
  for (const item of items) {
    if (item.type === 'concat') flat.push(...item.items);
    else if (item.type !== 'empty') flat.push(item);
  }
  if (flat.length === 0) return EMPTY;
  return flat.length === 1 ? (flat[0] as RegexNode) : { type: 'concat', items: flat };
}

export function alt(items: readonly RegexNode[]): RegexNode {
  return items.length === 1 ? (items[0] as RegexNode) : { type: 'alt', items };
}
