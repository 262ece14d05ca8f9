import {
  api,
  FEATURE_MESSAGES,
  featureCertificateFileName,
  optionsFileZipName,
  type Component,
  type Device,
  type DeviceFeaturesResult,
  type FeatureCertificateKeySet,
} from '@aerie/contract';
import {
  OPTIONS_FILE_EXTENSION,
  OptionsFileWriteError,
  writeOptionsFile,
} from '@aerie/options-file';
import type { AccessRule, Authorize } from '../../plugins/authorization.js';
import type { Principal } from '../../plugins/auth.js';
import type { DeviceInScope } from '../../plugins/tenancy.js';
import { BadRequestError, ConflictError, NotFoundError } from '../../plugins/errors.js';
import {
  devicePublicJwk,
  signFeatureCertificate,
  type FeatureSigningKey,
} from './feature-certificate.js';
import type { DeviceFeaturesRepository, StoredCertificate } from './device-features.repository.js';

export interface DeviceFeaturesServiceOptions {
  repo: DeviceFeaturesRepository;
  authorize: Authorize;
  /** The devices feature's lookup of a device within the caller's accounts. */
  deviceInScope: DeviceInScope;
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
const antennaSerialOf = (components: readonly Component[]) =>
  components.find((c) => c.type === 'Antenna')?.serial ?? null;

export function createDeviceFeaturesService(options: DeviceFeaturesServiceOptions) {
  const { repo, authorize, deviceInScope, signingKey, issuer, brand } = options;
  const now = options.now ?? (() => new Date());

  /** The device within the caller's accounts (404), then the rule's permission (403). */
  async function findDevice(principal: Principal, rule: AccessRule, id: string): Promise<Device> {
    const grant = await authorize(principal, rule);
    return grant.found(await deviceInScope(grant.scope, id), NOT_FOUND);
  }

  /** Signs a certificate for the device's features, or null without a usable public key. */
  async function issue(
    device: Device,
    features: readonly string[],
    issuedBy: string | null,
  ): Promise<StoredCertificate | null> {
    const deviceKey = device.publicKey ? devicePublicJwk(device.publicKey) : null;
    if (!device.publicKey || !deviceKey) return null;
    const key = await signingKey();
    const issuedAt = now();
    const antennaSerial = antennaSerialOf(device.components);
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
      publicKey: device.publicKey,
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
      const device = await findDevice(principal, api.deviceFeatures.save.access, id);
      const catalogue = await repo.featureTypes();
      const byCode = new Map(catalogue.map((f) => [f.shortcode, f]));
      for (const code of requested) {
        const type = byCode.get(code);
        if (!type) throw new BadRequestError(FEATURE_MESSAGES.unknownFeature(code));
        if (!type.enabled) throw new BadRequestError(FEATURE_MESSAGES.disabledFeature(code));
      }
      const wanted = new Set(requested);
      const features = catalogue.map((f) => f.shortcode).filter((code) => wanted.has(code));
      const certificate = await issue(device, features, principal.userId);
      await repo.saveFeatures(device.id, features, certificate);
      return {
        features,
        publicKey: device.publicKey,
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
      const device = await findDevice(principal, api.deviceFeatures.certificate.access, id);
      const { components } = device;
      if (!device.publicKey) throw new NotFoundError(FEATURE_MESSAGES.certificateUnavailable);
      const stored = await repo.certificate(device.id);
      const key = await signingKey();
      const current =
        stored &&
        stored.kid === key.kid &&
        stored.publicKey === device.publicKey &&
        stored.serial === device.serial &&
        stored.antennaSerial === antennaSerialOf(components) &&
        stored.features.join(',') === device.features.join(',');
      let certificate = current ? stored : null;
      if (!certificate) {
        certificate = await issue(device, device.features, null);
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
      await authorize(principal, api.deviceFeatures.certificateKeys.access);
      return { keys: [(await signingKey()).publicJwk] };
    },

    /**
     * `GET /v2/devices/{id}/downloadOptionsFiles`: one options file per antenna of the device
     * (docs/formats/opt.md), named `{antenna serial}.opt`, and the zip's name.
     */
    async optionsFiles(
      principal: Principal,
      id: string,
    ): Promise<{ fileName: string; files: DeviceDownload[] }> {
      const device = await findDevice(principal, api.deviceFeatures.optionsFiles.access, id);
      const { components } = device;
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
            antennaModel: antenna.model,
            deviceId: device.id,
            deviceSerial: device.serial,
            modemSerial,
            issuedAt,
            issuedBy: brand,
            softwareVersion: device.software.currentVersion,
            softwareTarget: device.software.targetVersion,
            softwareLocked: device.software.locked,
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
