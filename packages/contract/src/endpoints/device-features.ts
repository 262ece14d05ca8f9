import { deviceIdParamsSchema } from '../devices/device.js';
import {
  FEATURE_CERTIFICATE_MEDIA_TYPE,
  deviceFeaturesBodySchema,
  deviceFeaturesResultSchema,
  featureCertificateKeySetSchema,
} from '../device-features/device-features.js';
import { endpoint, media } from '../http/endpoint.js';

/** Device features, feature certificates and antenna options files (spec 001 §2). */
export const deviceFeaturesEndpoints = {
  save: endpoint({
    method: 'POST',
    path: '/v2/devices/{id}/features',
    tags: ['devices'],
    summary: "Save a device's features and issue its feature certificate",
    access: { kind: 'permission', permission: 'devices.features', check: 'object' },
    params: deviceIdParamsSchema,
    body: deviceFeaturesBodySchema,
    responses: { 200: deviceFeaturesResultSchema },
  }),
  certificate: endpoint({
    method: 'GET',
    path: '/v2/devices/{id}/featureCertificate',
    tags: ['devices'],
    summary: "Download the device's feature certificate (a compact JWS)",
    access: { kind: 'permission', permission: 'devices.view', check: 'object' },
    params: deviceIdParamsSchema,
    responses: {
      200: media(FEATURE_CERTIFICATE_MEDIA_TYPE, 'The feature certificate, as an attachment'),
    },
  }),
  certificateKeys: endpoint({
    method: 'GET',
    path: '/v2/info/featureCertificateKeys',
    tags: ['reference'],
    summary: 'The public keys feature certificates are signed with (JWKS)',
    access: { kind: 'permission', permission: 'devices.view', check: 'route' },
    responses: { 200: featureCertificateKeySetSchema },
  }),
  optionsFiles: endpoint({
    method: 'GET',
    path: '/v2/devices/{id}/downloadOptionsFiles',
    tags: ['devices'],
    summary: "A zip of the device's antenna options files (.opt)",
    access: { kind: 'permission', permission: 'devices.optionsfile', check: 'object' },
    params: deviceIdParamsSchema,
    responses: { 200: media('application/zip', 'One options file per antenna, as an attachment') },
  }),
} as const;
