import { describe, expect, it } from 'vitest';
import { ZONE_MAX_POINTS, zoneListQuerySchema, zoneWriteSchema } from '@aerie/contract';

const triangle = [
  [51.9, 4.0],
  [52.0, 4.1],
  [51.95, 4.2],
];

function firstMessage(body: unknown): string | undefined {
  const r = zoneWriteSchema.safeParse(body);
  return r.success ? undefined : r.error.issues[0]?.message;
}

describe('zoneWriteSchema', () => {
  it('accepts a triangle and trims the name', () => {
    const r = zoneWriteSchema.parse({ name: '  Rotterdam  ', coordinates: triangle });
    expect(r.name).toBe('Rotterdam');
    expect(r.accountId).toBeUndefined();
  });

  it('requires a name of 1 to 100 characters after trimming', () => {
    expect(firstMessage({ coordinates: triangle })).toBe('Name is required.');
    expect(firstMessage({ name: '   ', coordinates: triangle })).toBe('Name is required.');
    expect(firstMessage({ name: 'x'.repeat(101), coordinates: triangle })).toBe(
      'Name must be at most 100 characters.',
    );
    expect(firstMessage({ name: ` ${'x'.repeat(100)} `, coordinates: triangle })).toBeUndefined();
  });

  it('needs 3 to 1000 points', () => {
    expect(firstMessage({ name: 'a', coordinates: triangle.slice(0, 2) })).toBe(
      'A zone needs at least 3 points.',
    );
    const many = Array.from({ length: ZONE_MAX_POINTS + 1 }, (_, i) => [
      Math.sin(i) * 10,
      Math.cos(i) * 10,
    ]);
    expect(firstMessage({ name: 'a', coordinates: many })).toBe(
      'A zone can have at most 1000 points.',
    );
    expect(firstMessage({ name: 'a', coordinates: many.slice(0, 1000) })).toBeUndefined();
  });

  it('keeps latitude within ±90 and longitude within ±180', () => {
    expect(firstMessage({ name: 'a', coordinates: [[90.5, 0], ...triangle] })).toBe(
      'Latitude must be between -90 and 90.',
    );
    expect(firstMessage({ name: 'a', coordinates: [[0, -180.01], ...triangle] })).toBe(
      'Longitude must be between -180 and 180.',
    );
    expect(
      firstMessage({
        name: 'a',
        coordinates: [
          [-90, -180],
          [90, 180],
          [0, 10],
        ],
      }),
    ).toBeUndefined();
  });

  it('refuses infinite, missing and non-numeric values and malformed pairs', () => {
    expect(firstMessage({ name: 'a', coordinates: [[Infinity, 0], ...triangle] })).toBe(
      'Latitude must be a finite number.',
    );
    expect(firstMessage({ name: 'a', coordinates: [[0, Number.NaN], ...triangle] })).toBe(
      'Longitude must be a finite number.',
    );
    expect(firstMessage({ name: 'a', coordinates: [['51', 4], ...triangle] })).toBe(
      'Latitude must be a finite number.',
    );
    expect(firstMessage({ name: 'a', coordinates: [[1, 2, 3], ...triangle] })).toBe(
      'Each point must be a pair [latitude, longitude].',
    );
    expect(firstMessage({ name: 'a', coordinates: [5, ...triangle] })).toBe(
      'Each point must be a pair [latitude, longitude].',
    );
    expect(firstMessage({ name: 'a', coordinates: 'POLYGON' })).toBe(
      'Coordinates must be a list of [latitude, longitude] pairs.',
    );
  });

  it('refuses a polygon with fewer than 3 different points or all points on one line', () => {
    expect(
      firstMessage({
        name: 'a',
        coordinates: [
          [1, 1],
          [2, 2],
          [1, 1],
        ],
      }),
    ).toBe('A zone needs at least 3 different points.');
    expect(
      firstMessage({
        name: 'a',
        coordinates: [
          [1, 1],
          [2, 2],
          [3, 3],
          [4, 4],
        ],
      }),
    ).toBe('The points of a zone must not all lie on one line.');
    expect(firstMessage({ name: 'a', coordinates: [...triangle, triangle[0]] })).toBeUndefined();
  });

  it('checks the account id', () => {
    expect(firstMessage({ name: 'a', accountId: 'nope', coordinates: triangle })).toBe(
      'The account id is not valid.',
    );
  });
});

describe('zoneListQuerySchema', () => {
  it('pages 50 by default and refuses pages outside 1..500', () => {
    expect(zoneListQuerySchema.parse({})).toEqual({ skip: 0, take: 50 });
    expect(zoneListQuerySchema.safeParse({ take: '0' }).success).toBe(false);
    expect(zoneListQuerySchema.safeParse({ take: '501' }).success).toBe(false);
    expect(zoneListQuerySchema.safeParse({ skip: '-1' }).success).toBe(false);
  });
});
