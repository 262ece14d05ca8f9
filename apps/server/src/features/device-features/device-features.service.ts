import {
  FEATURE_MESSAGES,
  featureCertificateFileName,
  optionsFileZipName,
  type DeviceFeaturesResult,
  type FeatureCertificateKeySet,
} from '@aerie/contract';
import { assertCan } from '../../plugins/authorization.js';
import type { Principal } from '../../plugins/auth.js';
import type { Tenancy } from '../../plugins/tenancy.js';
import { BadRequestError, ConflictError, NotFoundError } from '../../plugins/errors.js';
import {
  OPTIONS_FILE_EXTENSION,
  OptionsFileWriteError,
  writeOptionsFile,
} from '../../formats/options-file.js';
import {
  devicePublicJwk,
  signFeatureCertificate,
  type FeatureSigningKey,
} from './feature-certificate.js';
import type {
  DeviceFeaturesRepository,
  FeatureComponentRow,
  FeatureDeviceRow,
  StoredCertificate,
} from './device-features.repository.js';

export interface DeviceFeaturesServiceOptions {
  repo: DeviceFeaturesRepository;
  tenancy: Tenancy;
  /** The provider's signing key (loaded once, on first use). */
  signingKey: () => Promise<FeatureSigningKey>;
  /** `iss` of certificates: the portal's public address. */
  issuer: string;
  /** Who generated an options file (the brand). */
  brand: string;
  now?: () => Date;
}

/** A file to download: its name and content. */
export interface DeviceDownload {
  fileName: string;
  content: string;
}

const NOT_FOUND = 'Device not found.';
const antennaSerialOf = (components: readonly FeatureComponentRow[]) =>
  components.find((c) => c.type === 'Antenna')?.serial ?? null;

export function createDeviceFeaturesService(options: DeviceFeaturesServiceOptions) {
  const { repo, tenancy, signingKey, issuer, brand } = options;
  const now = options.now ?? (() => new Date());

  async function findDevice(principal: Principal, id: string) {
    const found = await repo.findDevice(await tenancy.scope(principal), id);
    if (!found) throw new NotFoundError(NOT_FOUND);
    return found;
  }

  /** Signs a certificate for the device's features, or null without a usable public key. */
  async function issue(
    device: FeatureDeviceRow,
    components: readonly FeatureComponentRow[],
    features: readonly string[],
    issuedBy: string | null,
  ): Promise<StoredCertificate | null> {
    const deviceKey = device.public_key ? devicePublicJwk(device.public_key) : null;
    if (!device.public_key || !deviceKey) return null;
    const key = await signingKey();
    const issuedAt = now();
    const antennaSerial = antennaSerialOf(components);
    const token = await signFeatureCertificate(
      { deviceId: device.id, serial: device.serial, antennaSerial, deviceKey, features },
      key,
      issuer,
      issuedAt,
    );
    return {
      token,
      kid: key.kid,
      issuedAt: new Date(Math.floor(issuedAt.getTime() / 1000) * 1000).toISOString(),
      features: [...features],
      publicKey: device.public_key,
      serial: device.serial,
      antennaSerial,
      issuedBy,
    };
  }

  return {
    /**
     * `POST /v2/devices/{id}/features`: the device's whole feature list. Every shortcode must
     * be an enabled feature type; duplicates count once; the list is kept in catalogue order.
     * A certificate is issued when the device has a public key (spec 001 §2).
     */
    async saveFeatures(
      principal: Principal,
      id: string,
      requested: readonly string[],
    ): Promise<DeviceFeaturesResult> {
      assertCan(principal, 'devices.features');
      const { device, components } = await findDevice(principal, id);
      const catalogue = await repo.featureTypes();
      const byCode = new Map(catalogue.map((f) => [f.shortcode, f]));
      for (const code of requested) {
        const type = byCode.get(code);
        if (!type) throw new BadRequestError(FEATURE_MESSAGES.unknownFeature(code));
        if (!type.enabled) throw new BadRequestError(FEATURE_MESSAGES.disabledFeature(code));
      }
      const wanted = new Set(requested);
      const features = catalogue.map((f) => f.shortcode).filter((code) => wanted.has(code));
      const certificate = await issue(device, components, features, principal.userId);
      await repo.saveFeatures(device.id, features, certificate);
      return {
        features,
        publicKey: device.public_key,
        certificate: certificate
          ? { keyId: certificate.kid, issuedAt: certificate.issuedAt, features }
          : null,
      };
    },

    /**
     * `GET /v2/devices/{id}/featureCertificate`: the certificate of the device's current
     * features. The stored one is answered while it still binds the device's key, serials and
     * features and the provider's current key; otherwise a new one is issued and kept.
     */
    async certificate(principal: Principal, id: string): Promise<DeviceDownload> {
      assertCan(principal, 'devices.view');
      const { device, components } = await findDevice(principal, id);
      if (!device.public_key) throw new NotFoundError(FEATURE_MESSAGES.certificateUnavailable);
      const stored = await repo.certificate(device.id);
      const key = await signingKey();
      const current =
        stored &&
        stored.kid === key.kid &&
        stored.publicKey === device.public_key &&
        stored.serial === device.serial &&
        stored.antennaSerial === antennaSerialOf(components) &&
        stored.features.join(',') === device.features.join(',');
      let certificate = current ? stored : null;
      if (!certificate) {
        certificate = await issue(device, components, device.features, null);
        if (!certificate) throw new ConflictError(FEATURE_MESSAGES.invalidPublicKey);
        await repo.saveCertificate(device.id, certificate);
      }
      return {
        fileName: featureCertificateFileName({ name: device.name, components }),
        content: certificate.token,
      };
    },

    /** `GET /v2/info/featureCertificateKeys`: the public keys terminals verify with. */
    async certificateKeys(principal: Principal): Promise<FeatureCertificateKeySet> {
      assertCan(principal, 'devices.view');
      return { keys: [(await signingKey()).publicJwk] };
    },

    /**
     * `GET /v2/devices/{id}/downloadOptionsFiles`: one options file per antenna of the device
     * (docs/formats/options-file.md), named `{antenna serial}.opt`, and the zip's name.
     */
    async optionsFiles(
      principal: Principal,
      id: string,
    ): Promise<{ fileName: string; files: DeviceDownload[] }> {
      assertCan(principal, 'devices.optionsfile');
      const { device, components } = await findDevice(principal, id);
      const antennas = components.filter((c) => c.type === 'Antenna' && c.serial);
      if (antennas.length === 0) throw new ConflictError(FEATURE_MESSAGES.noAntenna);
      const catalogue = await repo.featureTypes();
      const has = new Set(device.features);
      const features = catalogue
        .filter((f) => f.enabled || has.has(f.shortcode))
        .map((f) => ({ shortcode: f.shortcode, enabled: has.has(f.shortcode) }));
      const issuedAt = now();
      const modemSerial = components.find((c) => c.type === 'GeoModem')?.serial ?? null;
      try {
        const files = antennas.map((antenna) => ({
          fileName: `${antenna.serial}${OPTIONS_FILE_EXTENSION}`,
          content: writeOptionsFile({
            antennaSerial: antenna.serial,
            antennaModel: antenna.model_shortcode,
            deviceId: device.id,
            deviceSerial: device.serial,
            modemSerial,
            issuedAt,
            issuedBy: brand,
            softwareVersion: device.software_current_version,
            softwareTarget: device.software_target_version,
            softwareLocked: device.software_locked,
            privateMode: device.private,
            features,
          }),
        }));
        return { fileName: optionsFileZipName({ name: device.name, components }), files };
      } catch (error) {
        if (error instanceof OptionsFileWriteError) throw new ConflictError(error.message);
        throw error;
      }
    },
  };
}
export type DeviceFeaturesService = ReturnType<typeof createDeviceFeaturesService>;
