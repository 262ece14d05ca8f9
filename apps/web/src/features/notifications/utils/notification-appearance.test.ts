import { notificationEntityTypes, routeTable } from '@aerie/contract';
import { describe, expect, it } from 'vitest';
import { notificationHref } from './notification-appearance';

describe('notificationHref', () => {
  it("leads a device's notification to its overview page", () => {
    expect(notificationHref({ entityType: 'devices', entityId: 'dev-1' })).toBe(
      '/devices/dev-1/overview',
    );
  });

  it.each(notificationEntityTypes)('leads a %s notification to a route of the table', (type) => {
    const path = notificationHref({ entityType: type, entityId: 'x' })!.replace('/x/', '/$id/');
    expect(routeTable.map((route) => route.path)).toContain(path);
  });

  it('leads nowhere without metadata or an id', () => {
    expect(notificationHref(null)).toBeNull();
    expect(notificationHref({ entityType: 'devices', entityId: '' })).toBeNull();
  });
});
