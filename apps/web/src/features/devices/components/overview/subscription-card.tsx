import type { Device } from '@aerie/contract';
import { Anchor, Button, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link } from '@tanstack/react-router';
import { routePath } from '../../../../lib/route-paths';
import { deviceMessages } from '../../messages';
import { formatDataLimit, formatUtcDateTime } from '../../utils/device-display';
import { ActiveBadge, Field, FieldList, OverviewCard } from './overview-card';
import { SubscriptionHistoryModal, type HistoryColumns } from './subscription-history-modal';

const texts = deviceMessages.overview.subscription;

export interface SubscriptionCardProps {
  device: Pick<Device, 'activeSubscription' | 'subscriptionHistory'>;
  /** View Subscription and Past Subscriptions links (spec 001 §6). */
  showLinks: boolean;
  /** The history modal's role-restricted columns (spec 001 §6). */
  historyColumns: HistoryColumns;
}

/** The active subscription (description, data limit, start, end, active) and its links. */
export function SubscriptionCard({ device, showLinks, historyColumns }: SubscriptionCardProps) {
  const [historyOpen, history] = useDisclosure(false);
  const active = device.activeSubscription;
  const actions = showLinks ? (
    <>
      {active ? (
        <Anchor
          component={Link}
          to={routePath('subscription2Overview', { id: active.subscriptionId })}
          size="sm"
          fw={600}
        >
          {texts.view}
        </Anchor>
      ) : null}
      <Button variant="light" size="compact-sm" onClick={history.open}>
        {texts.past}
      </Button>
    </>
  ) : null;

  return (
    <OverviewCard title={texts.title} actions={actions} testId="subscription-card">
      {active ? (
        <FieldList>
          <Field label={texts.description}>{active.description}</Field>
          <Field label={texts.dataLimit}>{formatDataLimit(active.dataLimitInGb)}</Field>
          <Field label={texts.startDate}>
            {formatUtcDateTime(active.startDate) ?? deviceMessages.notAvailable}
          </Field>
          <Field label={texts.endDate}>
            {formatUtcDateTime(active.endDate) ?? deviceMessages.notAvailable}
          </Field>
          <Field label={texts.active}>
            <ActiveBadge active={active.active} />
          </Field>
        </FieldList>
      ) : (
        <Text c="dimmed" size="sm">
          {texts.none}
        </Text>
      )}
      {showLinks ? (
        <SubscriptionHistoryModal
          history={device.subscriptionHistory}
          opened={historyOpen}
          onClose={history.close}
          columns={historyColumns}
        />
      ) : null}
    </OverviewCard>
  );
}
