import type { Device } from '@aerie/contract';

/**
 * What the Network Inventory card, its tables and the template modal read of the device. A
 * leaf module, so the card and the parts it renders do not import each other.
 */
export type InventoryDevice = Pick<Device, 'id' | 'components' | 'product' | 'activeSubscription'>;
