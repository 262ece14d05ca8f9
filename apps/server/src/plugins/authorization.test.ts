import { describe, expect, it } from 'vitest';
import { isStaffRole, permissions, roleCan, roleKeys, type RoleKey } from '@aerie/contract';
import { CHILD_ACCOUNT, OTHER_ACCOUNT, OWN_ACCOUNT, principalOf } from '../test/service-fakes.js';
import { createAuthorize, type AccessRule } from './authorization.js';

const TREE = [OWN_ACCOUNT, CHILD_ACCOUNT];

/** The real step over an account tree that counts how often it is asked. */
function authorizeCounting() {
  const asked: string[] = [];
  const authorize = createAuthorize({
    visibleAccountIds: async (principal) => {
      asked.push(principal.userId);
      return TREE;
    },
  });
  return { authorize, asked };
}

const route = (permission: (typeof permissions)[number]): AccessRule => ({
  kind: 'permission',
  permission,
  check: 'route',
});
const object = (permission: (typeof permissions)[number]): AccessRule => ({
  kind: 'permission',
  permission,
  check: 'object',
});
const signedIn: AccessRule = { kind: 'signedIn' };

/** The status a call answers: 200 when it resolves, else the error's status. */
async function status(call: () => Promise<unknown>): Promise<number> {
  try {
    await call();
    return 200;
  } catch (error) {
    return (error as { statusCode?: number }).statusCode ?? 500;
  }
}

describe('authorize: the scope of every role', () => {
  const STAFF: RoleKey[] = ['superUser', 'providerAdmin', 'salesSupport', 'productSupport'];

  it('knows the four staff roles and the two account roles of roles.ts', () => {
    expect(roleKeys.filter(isStaffRole)).toEqual(STAFF);
    expect(roleKeys.filter((r) => !isStaffRole(r))).toEqual(['accountAdmin', 'credentialed']);
  });

  it.each(STAFF)('gives %s every account without reading the account tree', async (role) => {
    const { authorize, asked } = authorizeCounting();
    const grant = await authorize(principalOf(role), signedIn);
    expect(grant.scope).toEqual({ all: true });
    expect(asked).toEqual([]);
    expect(grant.account(OTHER_ACCOUNT, 'Account not found.')).toBe(OTHER_ACCOUNT);
  });

  it.each(['accountAdmin', 'credentialed'] as const)(
    'gives %s their account tree, and 404 for an account outside it',
    async (role) => {
      const { authorize, asked } = authorizeCounting();
      const grant = await authorize(principalOf(role), signedIn);
      expect(grant.scope).toEqual({ all: false, accountIds: TREE });
      expect(asked).toEqual([`user-${role}`]);
      expect(grant.account(CHILD_ACCOUNT, 'Account not found.')).toBe(CHILD_ACCOUNT);
      expect(() => grant.account(OTHER_ACCOUNT, 'Account not found.')).toThrow(
        expect.objectContaining({ statusCode: 404, message: 'Account not found.' }),
      );
    },
  );
});

describe('authorize: rules checked at once (check: route)', () => {
  it.each(roleKeys)('grants %s exactly the permissions of its row in roles.ts', async (role) => {
    const { authorize } = authorizeCounting();
    for (const permission of permissions) {
      const answer = await status(() => authorize(principalOf(role), route(permission)));
      expect(answer, permission).toBe(roleCan(role, permission) ? 200 : 403);
    }
  });

  it('refuses before it reads the account tree', async () => {
    const { authorize, asked } = authorizeCounting();
    await expect(
      authorize(principalOf('credentialed'), route('devices.sync')),
    ).rejects.toMatchObject({ statusCode: 403, message: 'You are not allowed to do this.' });
    expect(asked).toEqual([]);
  });
});

describe('authorize: rules checked on the object (check: object): 404, then 403', () => {
  const ROLES_WITHOUT_RENAME: RoleKey[] = ['salesSupport'];

  it.each(roleKeys)('answers 404 to %s for an object it cannot find', async (role) => {
    const { authorize } = authorizeCounting();
    for (const permission of permissions) {
      const grant = await authorize(principalOf(role), object(permission));
      for (const missing of [null, undefined]) {
        expect(() => grant.found(missing, 'Device not found.'), permission).toThrow(
          expect.objectContaining({ statusCode: 404, message: 'Device not found.' }),
        );
      }
    }
  });

  it.each(roleKeys)(
    'answers 403 to %s for a found object only without the permission',
    async (role) => {
      const { authorize } = authorizeCounting();
      for (const permission of permissions) {
        const grant = await authorize(principalOf(role), object(permission));
        const answer = await status(async () => grant.found({ id: 'd' }, 'Device not found.'));
        expect(answer, permission).toBe(roleCan(role, permission) ? 200 : 403);
      }
    },
  );

  it('hands back the found object, and refuses an account in scope with 403', async () => {
    const { authorize } = authorizeCounting();
    const device = { id: 'd' };
    const renamer = await authorize(principalOf('credentialed'), object('devices.rename'));
    expect(renamer.found(device, 'Device not found.')).toBe(device);
    expect(roleKeys.filter((r) => !roleCan(r, 'devices.rename'))).toEqual(ROLES_WITHOUT_RENAME);
    const sales = await authorize(principalOf('salesSupport'), object('devices.rename'));
    expect(() => sales.found(device, 'Device not found.')).toThrow(
      expect.objectContaining({ statusCode: 403 }),
    );
    const syncer = await authorize(principalOf('credentialed'), object('devices.sync'));
    expect(() => syncer.account(OWN_ACCOUNT, 'Account not found.')).toThrow(
      expect.objectContaining({ statusCode: 403 }),
    );
    expect(() => syncer.account(OTHER_ACCOUNT, 'Account not found.')).toThrow(
      expect.objectContaining({ statusCode: 404 }),
    );
  });

  it('takes a found object of any kind, also a falsy one', async () => {
    const { authorize } = authorizeCounting();
    const grant = await authorize(principalOf('accountAdmin'), object('devices.view'));
    expect(grant.found(0, 'Not found.')).toBe(0);
    expect(grant.found('', 'Not found.')).toBe('');
    expect(grant.found(false, 'Not found.')).toBe(false);
  });
});

describe('authorize: signed-in rules', () => {
  it.each(roleKeys)('lets %s act on its own objects; 404 for none', async (role) => {
    const { authorize } = authorizeCounting();
    const grant = await authorize(principalOf(role), signedIn);
    expect(grant.found('mine', 'Not found.')).toBe('mine');
    expect(() => grant.found(null, 'Not found.')).toThrow(
      expect.objectContaining({ statusCode: 404 }),
    );
  });
});
