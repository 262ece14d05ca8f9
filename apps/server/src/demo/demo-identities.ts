import type { RoleKey } from '@aerie/contract';

/**
 * Demo accounts and users of the embedded demo (README lists them). Created
 * only when demo data is enabled; a production start creates none of them.
 */
export const DEMO_PASSWORD = 'Aerie-demo-2026';

/** Email domain of the provider's own staff (spec 000 §3). */
export const DEMO_STAFF_DOMAIN = 'aerie.example';

export interface DemoAccount {
  key: string;
  name: string;
  kind: 'provider' | 'partner' | 'customer';
  parentKey: string | null;
}

/** The provider account is named after the brand at seed time. */
export const demoAccounts: readonly DemoAccount[] = [
  { key: 'provider', name: '{brand}', kind: 'provider', parentKey: null },
  { key: 'partner', name: 'Skyline Connect Partners', kind: 'partner', parentKey: 'provider' },
  { key: 'northwind', name: 'Northwind Maritime', kind: 'customer', parentKey: 'partner' },
  {
    key: 'northwind-fleet-a',
    name: 'Northwind Maritime – Atlantic Fleet',
    kind: 'customer',
    parentKey: 'northwind',
  },
  {
    key: 'northwind-fleet-p',
    name: 'Northwind Maritime – Pacific Fleet',
    kind: 'customer',
    parentKey: 'northwind',
  },
  { key: 'terra', name: 'Terra Logistics', kind: 'customer', parentKey: 'provider' },
  { key: 'terra-rail', name: 'Terra Logistics – Rail', kind: 'customer', parentKey: 'terra' },
];

export interface DemoUser {
  email: string;
  firstName: string;
  lastName: string;
  role: RoleKey;
  accountKey: string;
}

export const demoUsers: readonly DemoUser[] = [
  {
    email: 'sofia.reyes@aerie.example',
    firstName: 'Sofia',
    lastName: 'Reyes',
    role: 'superUser',
    accountKey: 'provider',
  },
  {
    email: 'marcus.chen@aerie.example',
    firstName: 'Marcus',
    lastName: 'Chen',
    role: 'providerAdmin',
    accountKey: 'provider',
  },
  {
    email: 'priya.natarajan@aerie.example',
    firstName: 'Priya',
    lastName: 'Natarajan',
    role: 'salesSupport',
    accountKey: 'provider',
  },
  {
    email: 'tomas.okafor@aerie.example',
    firstName: 'Tomas',
    lastName: 'Okafor',
    role: 'productSupport',
    accountKey: 'provider',
  },
  {
    email: 'hannah.keller@northwind.example',
    firstName: 'Hannah',
    lastName: 'Keller',
    role: 'accountAdmin',
    accountKey: 'northwind',
  },
  {
    email: 'liam.brooks@northwind.example',
    firstName: 'Liam',
    lastName: 'Brooks',
    role: 'credentialed',
    accountKey: 'northwind',
  },
];
