import { z } from 'zod';
import { jobSchema } from '../jobs/jobs.js';
import { SOFTWARE_VERSION_PATTERN } from '../reference/software-version.js';
import type { Permission } from '../roles.js';

/** `POST /v2/devices/{id}/command/{cmd}`: the commands of spec 001 §7. */
export const deviceCommands = [
  'provision',
  'deprovision',
  'activate',
  'deactivate',
  'enableCellTraffic',
  'disableCellTraffic',
  'syncToHub',
  'lockSoftware',
  'unlockSoftware',
  'updateSoftware',
  'cancelSoftwareUpdate',
  'privateModeOn',
  'privateModeOff',
] as const;
export type DeviceCommand = (typeof deviceCommands)[number];

export const deviceCommandSchema = z.enum(deviceCommands, {
  error: (issue) =>
    `Unknown command "${String(issue.input)}". Commands: ${deviceCommands.join(', ')}.`,
});

/** Commands carried out on the hub: they run as background jobs and end in a notification. */
export const hubCommands = [
  'provision',
  'activate',
  'deactivate',
  'enableCellTraffic',
  'disableCellTraffic',
  'syncToHub',
] as const satisfies readonly DeviceCommand[];
export type HubCommand = (typeof hubCommands)[number];

export function isHubCommand(command: DeviceCommand): command is HubCommand {
  return (hubCommands as readonly DeviceCommand[]).includes(command);
}

/**
 * The permission each command needs (spec 001 §6; docs/decisions/016-device-operations.md).
 * `deprovision` is never carried out (spec 001 §4: the provisioned switch only turns on), but
 * a caller who may provision is told why rather than 403.
 */
export const deviceCommandPermissions: Readonly<Record<DeviceCommand, Permission>> = {
  provision: 'devices.sync',
  deprovision: 'devices.sync',
  activate: 'devices.sync',
  deactivate: 'devices.sync',
  enableCellTraffic: 'devices.sync',
  disableCellTraffic: 'devices.sync',
  syncToHub: 'devices.sync',
  lockSoftware: 'devices.software',
  unlockSoftware: 'devices.software',
  updateSoftware: 'devices.software',
  cancelSoftwareUpdate: 'devices.software',
  privateModeOn: 'devices.privatemode',
  privateModeOff: 'devices.privatemode',
};

export const deviceCommandParamsSchema = z.object({
  id: z.uuid('The device id is not valid.'),
  cmd: deviceCommandSchema,
});

/**
 * The body of a command: `data` is the target version of `updateSoftware` (spec 001 §7 "data
 * is a version"); for privateModeOn/Off, `confirmation` is the text the user typed (their
 * first and last name, spec 001 §5). Other commands take no body fields.
 */
export const deviceCommandBodySchema = z
  .object({
    data: z
      .string()
      .trim()
      .regex(SOFTWARE_VERSION_PATTERN, 'The version is not a valid software version.')
      .optional(),
    confirmation: z.string().max(300).optional(),
  })
  .nullish()
  .transform((b) => b ?? {});
export type DeviceCommandBody = z.infer<typeof deviceCommandBodySchema>;

/**
 * What a command answers: hub commands answer 202 with their queued (or already running)
 * job; the others are applied at once (200, `job` null). Clients refetch the device after.
 */
export const deviceCommandResultSchema = z.object({
  command: deviceCommandSchema,
  deviceId: z.uuid(),
  job: jobSchema.nullable(),
});
export type DeviceCommandResult = z.infer<typeof deviceCommandResultSchema>;

/** Spec 001 §8: the UI's text when a command fails. */
export function commandFailureMessage(command: string, deviceId: string): string {
  return `Error executing command ${command} on device ${deviceId}`;
}

/** Spec 001 §4: the provisioned switch's title, and the refusal of `deprovision`. */
export const UNABLE_TO_DEPROVISION = 'Unable to deprovision Device.';
/** Spec 001 §4: the activated switch's tooltip while a sync runs. */
export const SYNC_IN_PROGRESS_TOOLTIP = 'Sync in progress with NMS.';
