import { Button, Menu, Text } from '@mantine/core';
import { Icon } from '../../../components/ui/icons';
import type { PinTarget } from '../../../lib/pin-slot';
import { showToast } from '../../../lib/toast';
import { useMe } from '../../users';
import { useDashboards } from '../hooks/use-dashboards';
import { dashboardsMessages as m } from '../messages';
import type { WidgetType } from '../utils/dashboard-grid';
import { currentDashboard } from '../utils/dashboards-state';

/**
 * pinToDash (spec 002 §3): pins the entity to the current dashboard as a tile (single, 1x1) or
 * a list (3x6), at the dashboard's first free place. Shown on the pages of devices (and of
 * subscriptions) through `lib/pin-slot`.
 */
export function PinToDashboard(target: PinTarget) {
  const { data: me } = useMe({ enabled: false });
  if (!me) return null;
  return <PinMenu userId={me.id} target={target} />;
}

function PinMenu({ userId, target }: { userId: string; target: PinTarget }) {
  const { state, pin } = useDashboards(userId);
  const dashboard = currentDashboard(state);
  if (!dashboard) return null;
  const isPinned = (type: WidgetType) =>
    dashboard.widgets.some(
      (w) =>
        w.entityType === target.entityType && w.entityId === target.entityId && w.type === type,
    );
  const pinnedMark = (type: WidgetType) =>
    isPinned(type) ? (
      <Text size="xs" c="dimmed">
        {m.pinnedMark}
      </Text>
    ) : null;
  const pinAs = (type: WidgetType) => {
    const result = pin(dashboard.id, {
      entityType: target.entityType,
      entityId: target.entityId,
      type,
    });
    showToast({
      message: result.ok
        ? m.pinned(target.name, dashboard.name)
        : m.alreadyPinned(target.name, dashboard.name),
      color: result.ok ? 'green' : 'yellow',
      autoClose: 4_000,
    });
  };
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="default" size="xs" leftSection={<Icon name="pin" size={14} />}>
          {m.pin}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{m.pinTo(dashboard.name)}</Menu.Label>
        <Menu.Item onClick={() => pinAs('single')} rightSection={pinnedMark('single')}>
          {m.pinSingle}
        </Menu.Item>
        <Menu.Item onClick={() => pinAs('list')} rightSection={pinnedMark('list')}>
          {m.pinList}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
