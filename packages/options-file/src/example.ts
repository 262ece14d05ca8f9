import type { OptionsFileContent } from './options-file.js';

/** The antenna of docs/formats/opt.md's example: a sample for tests and documentation. */
export const exampleOptionsContent: OptionsFileContent = {
  antennaSerial: 'KYM-2411234',
  antennaModel: 'U8-MARITIME',
  deviceId: '6f1c9a52-3e0b-4c1e-9b7a-2f4d5e6a7b8c',
  deviceSerial: 'MAR-24000123',
  modemSerial: 'IDQ-88112',
  issuedAt: new Date('2026-11-22T12:00:00.000Z'),
  issuedBy: 'Aerie',
  softwareVersion: '5.1.1',
  softwareTarget: null,
  softwareLocked: false,
  privateMode: false,
  features: [
    { shortcode: 'AES256', enabled: true },
    { shortcode: 'TRANSEC', enabled: false },
  ],
};
