/**
 * The six roles of the specification, by a stable key. The display name of
 * `providerAdmin` depends on the brand ("{brand} Admin"), so keys, not names,
 * are what code compares.
 */
export const roleKeys = [
  'superUser',
  'providerAdmin',
  'salesSupport',
  'productSupport',
  'accountAdmin',
  'credentialed',
] as const;

export type RoleKey = (typeof roleKeys)[number];

/** Provider staff see every account (ARCHITECTURE §4). */
export const staffRoles: readonly RoleKey[] = [
  'superUser',
  'providerAdmin',
  'salesSupport',
  'productSupport',
];

/** The user-visible name of a role, e.g. `providerAdmin` -> "Aerie Admin". */
export function roleDisplayName(role: RoleKey, brand: string): string {
  switch (role) {
    case 'superUser':
      return 'Super User';
    case 'providerAdmin':
      return `${brand} Admin`;
    case 'salesSupport':
      return 'Sales Support';
    case 'productSupport':
      return 'Product Support';
    case 'accountAdmin':
      return 'Account Admin';
    case 'credentialed':
      return 'Credentialed';
  }
}

export function isStaffRole(role: RoleKey): boolean {
  return staffRoles.includes(role);
}

/**
 * Permission strings granted to each role (lower case; spec 000 §6 compares
 * them lower-cased). The server checks capabilities against this table.
 *
 * Subscription fields by role (spec 001 §6): `subscriptions.salesforce` is "Subscription
 * Salesforce ids and number" and the history modal's Salesforce ID; `subscriptions.networks`
 * is the subscription's Networks field (and JSON tab); `subscriptions.history.networks` is the
 * history modal's Supported Networks.
 *
 * Device actions by role (spec 001 §6): `devices.rename` is "Edit Name" (also Credentialed);
 * `devices.privatemode` is the Private Mode card; `devices.delete` the Danger Zone.
 *
 * Device operations (spec 001 §6, docs/decisions/016-device-operations.md): `devices.sync` is
 * Synchronize, Refresh and the provisioned, activated and Allow Cell Traffic switches (Account
 * Admin too); `devices.hardware` is configuring components, the network configuration and beams,
 * and loading a beam's template (provider staff who configure devices); `devices.software` is updating,
 * locking and cancelling software; `devices.features` is saving features (a signed feature
 * certificate); `devices.optionsfile` is Download Options File (the Edit Name roles).
 *
 * Subscription changes (issue 17, docs/decisions/036-subscription-changes.md):
 * `subscriptions.manage` is creating, cancelling and deleting subscriptions and editing their
 * terms (product, data limit, dates, networks, CRM ids): the provider's commercial staff (Super
 * User, the brand Admin, Sales Support). `subscriptions.edit` is what an account may do to its
 * own subscriptions: rename one, pool its terminals, and transfer it to another account (and
 * cancel that transfer); the managing roles hold it too.
 *
 * Pages (spec 000 §2.1, §6): `devices.json` and `subscriptions.json` are the JSON tabs;
 * `admin.provider` the provider's Software and Network admin pages; `health.view` the /health
 * page, `health.link` its link in the user panel (Super User only); `errors.detailed` the Show
 * Detailed Errors switch.
 *
 * Mail (docs/decisions/033-mail.md): `mail.view` is reading the portal's outbox (what it sent
 * and keeps), the Super User and the brand Admin. `support.tickets` is reading and answering
 * support tickets (provider staff; every signed-in user files them).
 *
 * Network templates (spec 002 §6, §7): writing one (`saveNetworkTemplate`) belongs to the Admin
 * Network tab, so `network.templates` is held by Super User and the brand Admin only; loading a
 * beam's template on the device page (spec 001 §4) stays with `devices.hardware`.
 *
 * The document library (spec 002 §6, docs/decisions/040-document-library.md): every signed-in
 * user reads it; `resources.manage` is adding, replacing and removing its files, the Super User
 * and the brand Admin.
 */
export const permissions = [
  'portal.access',
  'telemetry.ingest',
  'devices.view',
  'devices.configure',
  'devices.rename',
  'devices.privatemode',
  'devices.delete',
  'devices.sync',
  'devices.hardware',
  'devices.software',
  'devices.features',
  'devices.optionsfile',
  'subscriptions.view',
  'subscriptions.salesforce',
  'subscriptions.networks',
  'subscriptions.history.networks',
  'admin.access',
  'health.view',
  'diagnostics.upload',
  'apidocs.view',
  'maintenance.manage',
  'cache.clear',
  'feedback.view',
  'mail.view',
  'support.tickets',
  'devices.json',
  'subscriptions.json',
  'subscriptions.edit',
  'subscriptions.manage',
  'admin.provider',
  'health.link',
  'errors.detailed',
  'network.templates',
  'resources.manage',
] as const;
/** A permission name of the role table; the only place permission names are defined. */
export type Permission = (typeof permissions)[number];

export const rolePermissions: Readonly<Record<RoleKey, readonly Permission[]>> = {
  // Super User holds every permission (terminal feeds report through an API client of one).
  superUser: permissions,
  // The brand Admin: everything but ingesting telemetry, deleting devices and the health link.
  providerAdmin: permissions.filter(
    (p) => p !== 'telemetry.ingest' && p !== 'devices.delete' && p !== 'health.link',
  ),
  salesSupport: [
    'portal.access',
    'devices.view',
    'subscriptions.view',
    'subscriptions.salesforce',
    'subscriptions.edit',
    'subscriptions.manage',
    'admin.access',
    'diagnostics.upload',
    'apidocs.view',
    'feedback.view',
    'support.tickets',
  ],
  productSupport: [
    'portal.access',
    'devices.view',
    'devices.configure',
    'devices.rename',
    'devices.privatemode',
    'devices.sync',
    'devices.hardware',
    'devices.software',
    'devices.features',
    'devices.optionsfile',
    'subscriptions.view',
    'subscriptions.history.networks',
    'admin.access',
    'apidocs.view',
    'feedback.view',
    'support.tickets',
  ],
  accountAdmin: [
    'portal.access',
    'devices.view',
    'devices.configure',
    'devices.rename',
    'devices.privatemode',
    'devices.sync',
    'devices.software',
    'devices.optionsfile',
    'subscriptions.view',
    'subscriptions.edit',
    'admin.access',
  ],
  credentialed: ['portal.access', 'devices.view', 'devices.rename', 'devices.optionsfile'],
};

/** Whether a role holds a permission of the table above (case-insensitive, spec 000 §6). */
export function roleCan(role: RoleKey, permission: string): boolean {
  return (rolePermissions[role] as readonly string[]).includes(permission.toLowerCase());
}

/** The roles that hold a permission, in the order of {@link roleKeys}. */
export function rolesWith(permission: Permission): RoleKey[] {
  return roleKeys.filter((role) => rolePermissions[role].includes(permission));
}
