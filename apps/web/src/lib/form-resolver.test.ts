import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { formResolver } from './form-resolver';

const schema = z.object({
  name: z.string().trim().min(1, 'Name is required.').max(5),
  nested: z.object({ code: z.string().regex(/^\d+$/, 'Digits only.') }),
});

describe('formResolver', () => {
  it('gives each field its first issue, by path', () => {
    const validate = formResolver(schema);
    expect(validate({ name: ' ', nested: { code: 'x' } })).toEqual({
      name: 'Name is required.',
      'nested.code': 'Digits only.',
    });
    expect(validate({ name: 'Ada', nested: { code: '1' } })).toEqual({});
  });

  it("words zod's generic issues, keeping the schema's own messages", () => {
    const validate = formResolver(schema, (issue) =>
      issue.code === 'too_big' ? `At most ${String(issue.maximum)} characters.` : undefined,
    );
    expect(validate({ name: 'abcdefg', nested: { code: '1' } })).toEqual({
      name: 'At most 5 characters.',
    });
    expect(validate({ name: '', nested: { code: 'x' } })).toEqual({
      name: 'Name is required.',
      'nested.code': 'Digits only.',
    });
  });
});
