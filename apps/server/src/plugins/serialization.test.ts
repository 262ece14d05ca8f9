import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  allEndpoints,
  deviceListSchema,
  isMediaResponse,
  jobSchema,
  type ResponseSpec,
} from '@aerie/contract';
import { compileResponseSchema } from './serialization.js';

describe('compileResponseSchema', () => {
  it('writes exactly the declared properties, like the zod pass', () => {
    const schema = z.object({
      id: z.string(),
      n: z.number().nullable(),
      tags: z.array(z.string()),
    });
    const { serialize } = compileResponseSchema(schema);
    const data = { id: 'a', n: null, tags: ['x'], secret: 'not declared' };
    expect(JSON.parse(serialize!(data))).toEqual(schema.parse(data));
  });

  it('refuses an answer that lacks a required property', () => {
    const { serialize } = compileResponseSchema(z.object({ id: z.string(), name: z.string() }));
    expect(() => serialize!({ id: 'a' })).toThrow(/name/);
  });

  it('leaves schemas with transforms or defaults to zod', () => {
    const outcome = compileResponseSchema(z.object({ n: z.number().default(1) })).outcome;
    expect(outcome).toMatchObject({ compiled: false });
    expect(compileResponseSchema(z.string().transform((s) => s.length)).serialize).toBeNull();
  });

  it('serializes a device list page and a job as zod would', () => {
    const page = deviceListSchema.parse({
      total: 1,
      items: [
        {
          id: '5b1c3f0e-8a7d-4e2b-9c1a-0d2e3f4a5b6c',
          name: 'Vessel 1',
          serial: null,
          networkStatus: {
            satelliteOnline: true,
            cellularOnline: null,
            satelliteSignal: 7.5,
            cellularSignal: null,
            wifi: null,
            beam: 'B1',
            satelliteLastUpdated: '2026-11-24T10:00:00.000Z',
            cellularLastUpdated: null,
          },
          components: [{ type: 'Antenna', model: null, assetId: null, serial: 'A1' }],
        },
      ],
    });
    expect(JSON.parse(compileResponseSchema(deviceListSchema).serialize!(page))).toEqual(page);
    const job = jobSchema.parse({
      id: '5b1c3f0e-8a7d-4e2b-9c1a-0d2e3f4a5b6c',
      kind: 'SyncRemote',
      status: 'Success',
      accountId: '5b1c3f0e-8a7d-4e2b-9c1a-0d2e3f4a5b6d',
      deviceId: null,
      createdBy: null,
      createdOn: '2026-11-24T10:00:00.000Z',
      finishedOn: null,
      payload: { nested: { list: [1, 'two', null, { deep: true }] } },
      result: [{ a: 1 }],
      progress: 0.25,
    });
    expect(JSON.parse(compileResponseSchema(jobSchema).serialize!(job))).toEqual(job);
  });

  it("compiles most of the contract's JSON answers", () => {
    const specs = allEndpoints.flatMap((e) =>
      Object.values(e.responses).filter(
        (spec): spec is Exclude<ResponseSpec, { media: string }> =>
          !!spec && !isMediaResponse(spec),
      ),
    );
    const outcomes = specs.map((s) => compileResponseSchema(s).outcome);
    const compiled = outcomes.filter((o) => o.compiled).length;
    expect(compiled / outcomes.length).toBeGreaterThan(0.8);
  });
});
