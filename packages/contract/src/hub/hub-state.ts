import { z } from 'zod';

const isoDate = z.iso.datetime({ offset: true });

/**
 * A JSON key that carries the brand, as the spec's `{product}Beams`: "Aerie" gives
 * `aerieBeams`; spaces and punctuation are dropped ("Sky Link" gives `skyLinkBeams`).
 */
export function brandKey(brand: string, suffix: string): string {
  const words = brand.split(/[^A-Za-z0-9]+/).filter(Boolean);
  const camel = words
    .map((w, i) =>
      i === 0 ? w.charAt(0).toLowerCase() + w.slice(1) : w.charAt(0).toUpperCase() + w.slice(1),
    )
    .join('');
  return `${camel || 'provider'}${suffix}`;
}

/** One beam (hub network) of a device: what the portal requires against what the hub holds. */
export const hubBeamSchema = z.object({
  networkId: z.string(),
  networkName: z.string(),
  displayName: z.string(),
  /** The active subscription needs this beam. */
  isRequired: z.boolean(),
  /** The hub has the remote on this beam. */
  isActuallyOn: z.boolean(),
  nmsType: z.string(),
  nmsId: z.string(),
  provisionedOn: isoDate.nullable(),
  activatedOn: isoDate.nullable(),
});
export type HubBeam = z.infer<typeof hubBeamSchema>;

const hubStateCommon = {
  hybrid: z.object({ provisioned: z.boolean(), activated: z.boolean() }),
  cellular: z.object({ activated: z.boolean() }),
};

/**
 * `GET /v2/devices/{id}/hubState` (spec 001 §3 "Hub state"): `{brand}Beams[]`,
 * hybrid and cellular state, read live from the hub.
 */
export function hubStateSchema(brand: string) {
  return z.object({ [brandKey(brand, 'Beams')]: z.array(hubBeamSchema), ...hubStateCommon });
}

/** The hub state with its brand key resolved, as code uses it. */
export interface HubState {
  beams: HubBeam[];
  hybrid: { provisioned: boolean; activated: boolean };
  cellular: { activated: boolean };
}

/** Reads a `/hubState` answer of an installation with this brand. */
export function parseHubState(brand: string, body: unknown): HubState {
  const key = brandKey(brand, 'Beams');
  const parsed = hubStateSchema(brand).parse(body) as Record<string, unknown>;
  return {
    beams: parsed[key] as HubBeam[],
    hybrid: parsed.hybrid as HubState['hybrid'],
    cellular: parsed.cellular as HubState['cellular'],
  };
}

export type BrandedHubState = z.infer<ReturnType<typeof hubStateSchema>>;

/** Writes the hub state under the installation's brand key. */
export function brandHubState(brand: string, state: HubState): BrandedHubState {
  return {
    [brandKey(brand, 'Beams')]: state.beams,
    hybrid: state.hybrid,
    cellular: state.cellular,
  };
}
