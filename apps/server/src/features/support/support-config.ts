import { readFileSync } from 'node:fs';
import { supportConfigSchema, type SupportConfig } from '@aerie/contract';

/**
 * The ticket form's option lists (spec 000 §3: "from application configuration, each with
 * displayName, order and value"). These are the portal's defaults; `SUPPORT_CONFIG_FILE` names a
 * JSON file of the same shape that replaces them (checked at start).
 */
export const defaultSupportConfig: SupportConfig = {
  types: [
    {
      value: 'Problem',
      displayName: 'Problem',
      order: 1,
      subTypes: [
        { value: 'Connectivity', displayName: 'No or poor connectivity', order: 1 },
        { value: 'Hardware', displayName: 'Terminal hardware', order: 2 },
        { value: 'Software', displayName: 'Terminal software', order: 3 },
        { value: 'Portal', displayName: 'The portal', order: 4 },
        { value: 'Other', displayName: 'Other', order: 5 },
      ],
    },
    {
      value: 'Question',
      displayName: 'Question',
      order: 2,
      subTypes: [
        { value: 'Billing', displayName: 'Billing', order: 1 },
        { value: 'Subscription', displayName: 'Subscription or plan', order: 2 },
        { value: 'Configuration', displayName: 'Configuring a terminal', order: 3 },
        { value: 'Other', displayName: 'Other', order: 4 },
      ],
    },
    {
      value: 'Request',
      displayName: 'Request',
      order: 3,
      subTypes: [
        { value: 'ServiceChange', displayName: 'Change of service', order: 1 },
        { value: 'Rma', displayName: 'Return or replacement (RMA)', order: 2 },
        { value: 'Access', displayName: 'Portal access', order: 3 },
        { value: 'Other', displayName: 'Other', order: 4 },
      ],
    },
  ],
  priorities: [
    { value: 'Low', displayName: 'Low', order: 1 },
    { value: 'Medium', displayName: 'Medium', order: 2 },
    { value: 'High', displayName: 'High', order: 3 },
    { value: 'Critical', displayName: 'Critical (service down)', order: 4 },
  ],
  impacts: [
    { value: 'SingleDevice', displayName: 'One device', order: 1 },
    { value: 'MultipleDevices', displayName: 'Multiple devices', order: 2 },
    { value: 'WholeFleet', displayName: 'The whole fleet', order: 3 },
  ],
};

/** The configuration in effect: the file's when one is named, else the defaults. */
export function loadSupportConfig(file: string | null): SupportConfig {
  if (!file) return defaultSupportConfig;
  const parsed = supportConfigSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) {
    throw new Error(
      `SUPPORT_CONFIG_FILE ${file} is not a support configuration: ${parsed.error.message}`,
    );
  }
  return parsed.data;
}
