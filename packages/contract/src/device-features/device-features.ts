import { z } from 'zod';

/**
 * Device features, the feature certificate and the antenna options files (spec 001 §2
 * "Software card", §7 Devices; docs/formats/feature-certificate.md, docs/formats/opt.md).
 */

/** A feature type's shortcode as the catalogue writes it (`GET /v2/info/antennaFeatures`). */
export const FEATURE_SHORTCODE_PATTERN = /^[A-Za-z0-9_-]{1,32}$/;

/** More features than any catalogue holds: a longer list is refused before it is looked at. */
export const MAX_DEVICE_FEATURES = 64;

/** `POST /v2/devices/{id}/features`: the body is the device's whole feature list (shortcodes). */
export const deviceFeaturesBodySchema = z
  .array(
    z
      .string({ error: 'Each feature must be a shortcode.' })
      .trim()
      .regex(
        FEATURE_SHORTCODE_PATTERN,
        'A feature shortcode must be 1-32 letters, digits, - or _.',
      ),
    { error: 'The body must be a list of feature shortcodes.' },
  )
  .max(MAX_DEVICE_FEATURES, `At most ${MAX_DEVICE_FEATURES} features can be given.`);
export type DeviceFeaturesBody = z.infer<typeof deviceFeaturesBodySchema>;

/** The certificate the server holds for a device (the token itself is downloaded separately). */
export const featureCertificateInfoSchema = z.object({
  /** The key the certificate was signed with (`kid`, see `GET /v2/info/featureCertificateKeys`). */
  keyId: z.string(),
  issuedAt: z.iso.datetime({ offset: true }),
  features: z.array(z.string()),
});
export type FeatureCertificateInfo = z.infer<typeof featureCertificateInfoSchema>;

/**
 * What `POST /v2/devices/{id}/features` answers (spec 001 §7 "returns features and
 * publicKey"): the saved list in catalogue order, the device's public key, and the certificate
 * issued for it, or null when the device has no public key (no certificate can bind to it).
 */
export const deviceFeaturesResultSchema = z.object({
  features: z.array(z.string()),
  publicKey: z.string().nullable(),
  certificate: featureCertificateInfoSchema.nullable(),
});
export type DeviceFeaturesResult = z.infer<typeof deviceFeaturesResultSchema>;

/** `GET /v2/info/featureCertificateKeys`: the provider's public keys, as a JSON Web Key Set. */
export const featureCertificateKeySetSchema = z.object({
  keys: z.array(
    z.object({
      kty: z.literal('OKP'),
      crv: z.literal('Ed25519'),
      x: z.string(),
      kid: z.string(),
      alg: z.literal('EdDSA'),
      use: z.literal('sig'),
    }),
  ),
});
export type FeatureCertificateKeySet = z.infer<typeof featureCertificateKeySetSchema>;

/** Media type of a downloaded feature certificate (a compact JWS, RFC 7519 §10.3.1). */
export const FEATURE_CERTIFICATE_MEDIA_TYPE = 'application/jwt';

export const FEATURE_MESSAGES = {
  /** Spec 001 §8 "Feature certificate". */
  generated: 'Feature Certificate Generated',
  generateFailed: 'Error encountered while attempting to generate certificate.',
  /** Spec 001 §2: grey text when the device has no publicKey. */
  certificateUnavailable: 'Certificate is not available for this device.',
  // Ours (docs/decisions/018-software-features-options.md).
  unknownFeature: (shortcode: string) => `Unknown feature "${shortcode}".`,
  disabledFeature: (shortcode: string) => `The feature "${shortcode}" is not available.`,
  invalidPublicKey: "The device's public key is not an Ed25519 key: no certificate can be issued.",
  noAntenna: 'This device has no antenna with a serial: there is no options file to download.',
} as const;

/** What names a device's downloads: its name and components (a `Device` will do). */
export interface DeviceFileNaming {
  name: string;
  components: readonly { type: string; serial: string | null }[];
}

/** The name a file downloaded for a device starts with: the GeoModem serial, else the name. */
export function deviceFileStem(device: DeviceFileNaming): string {
  const geoModem = device.components.find((c) => c.type === 'GeoModem' && c.serial);
  return geoModem?.serial ?? device.name;
}

/** Spec 001 §7: `{GeoModem serial or device name}-optionsFile.zip`. */
export function optionsFileZipName(device: DeviceFileNaming): string {
  return `${deviceFileStem(device)}-optionsFile.zip`;
}

/** Ours: `{GeoModem serial or device name}-featureCertificate.jwt`. */
export function featureCertificateFileName(device: DeviceFileNaming): string {
  return `${deviceFileStem(device)}-featureCertificate.jwt`;
}
