import { z } from 'zod';

/** Limits of a zone (docs/decisions/012-zones-and-jobs.md). */
export const ZONE_NAME_MAX_LENGTH = 100;
export const ZONE_MIN_POINTS = 3;
export const ZONE_MAX_POINTS = 1000;
export const ZONE_LIST_DEFAULT_TAKE = 50;
/** A page of zones carries their polygons: bounded so one answer stays a few megabytes at most. */
export const ZONE_LIST_MAX_TAKE = 500;

const latitudeSchema = z
  .number({ error: 'Latitude must be a finite number.' })
  .min(-90, 'Latitude must be between -90 and 90.')
  .max(90, 'Latitude must be between -90 and 90.');
const longitudeSchema = z
  .number({ error: 'Longitude must be a finite number.' })
  .min(-180, 'Longitude must be between -180 and 180.')
  .max(180, 'Longitude must be between -180 and 180.');

/** One point as [latitude, longitude] (spec 001 §3: the map reverses each pair to draw it). */
export const zonePointSchema = z.tuple([latitudeSchema, longitudeSchema], {
  error: 'Each point must be a pair [latitude, longitude].',
});
export type ZonePoint = z.infer<typeof zonePointSchema>;

/** Twice the signed area of the ring in square degrees (shoelace); 0 when all points are on one line. */
function doubledArea(points: readonly ZonePoint[]): number {
  let sum = 0;
  for (let i = 0; i < points.length; i++) {
    const [y1, x1] = points[i]!;
    const [y2, x2] = points[(i + 1) % points.length]!;
    sum += x1 * y2 - x2 * y1;
  }
  return sum;
}

/**
 * The polygon of a zone: 3 to 1000 points, at least 3 of them distinct and not all on one
 * line. The ring may be sent open or closed (last point equal to the first).
 */
export const zoneCoordinatesSchema = z
  .array(zonePointSchema, { error: 'Coordinates must be a list of [latitude, longitude] pairs.' })
  .min(ZONE_MIN_POINTS, `A zone needs at least ${ZONE_MIN_POINTS} points.`)
  .max(ZONE_MAX_POINTS, `A zone can have at most ${ZONE_MAX_POINTS} points.`)
  .superRefine((points, ctx) => {
    // NOTE: zod runs refinements after element issues too; judge only a well-formed list.
    const wellFormed = points.every(
      (p) => Array.isArray(p) && p.length === 2 && p.every((n) => Number.isFinite(n)),
    );
    if (!wellFormed || points.length < ZONE_MIN_POINTS) return;
    const distinct = new Set(points.map(([lat, lon]) => `${lat},${lon}`));
    if (distinct.size < ZONE_MIN_POINTS) {
      ctx.addIssue({
        code: 'custom',
        message: `A zone needs at least ${ZONE_MIN_POINTS} different points.`,
      });
    } else if (Math.abs(doubledArea(points)) < 1e-12) {
      ctx.addIssue({
        code: 'custom',
        message: 'The points of a zone must not all lie on one line.',
      });
    }
  });

export const zoneNameSchema = z
  .string({ error: 'Name is required.' })
  .trim()
  .min(1, 'Name is required.')
  .max(ZONE_NAME_MAX_LENGTH, `Name must be at most ${ZONE_NAME_MAX_LENGTH} characters.`);

/**
 * Body of `POST /v2/zones` and `PUT /v2/zones/{id}`. Without `accountId`, a new zone goes to the
 * caller's own account and an updated zone stays in its account.
 */
export const zoneWriteSchema = z.object({
  name: zoneNameSchema,
  accountId: z.uuid('The account id is not valid.').optional(),
  coordinates: zoneCoordinatesSchema,
});
export type ZoneWrite = z.infer<typeof zoneWriteSchema>;

export const zoneIdParamsSchema = z.object({ id: z.uuid('The zone id is not valid.') });

/** Query of `GET /v2/zones`. */
export const zoneListQuerySchema = z.object({
  skip: z.coerce.number().int().min(0).max(1_000_000).default(0),
  take: z.coerce.number().int().min(1).max(ZONE_LIST_MAX_TAKE).default(ZONE_LIST_DEFAULT_TAKE),
  accountId: z.uuid('The account id is not valid.').optional(),
});
export type ZoneListQuery = z.infer<typeof zoneListQuerySchema>;

/** A zone (spec 001 §3: id, name, coordinates) with its account and audit fields. */
export const zoneSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  /** [[latitude, longitude], ...], an open ring. */
  coordinates: z.array(z.tuple([z.number(), z.number()])),
  accountId: z.uuid(),
  accountName: z.string(),
  /** The user who created the zone; null for demo and imported zones. */
  createdBy: z.uuid().nullable(),
  createdOn: z.iso.datetime({ offset: true }),
  updatedOn: z.iso.datetime({ offset: true }),
});
export type Zone = z.infer<typeof zoneSchema>;

export const zoneListSchema = z.object({
  items: z.array(zoneSchema),
  total: z.number().int().min(0),
});
export type ZoneList = z.infer<typeof zoneListSchema>;
