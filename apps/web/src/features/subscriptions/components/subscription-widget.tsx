import { UNLIMITED_DATA_LIMIT_GB, type Subscription } from '@aerie/contract';
import { Loader, Progress, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import cells from '../../../components/data-table/table-cells.module.css';
import { isApiError } from '../../../lib/api-client';
import { formatBytes } from '../../../lib/format-bytes';
import { routePath } from '../../../lib/route-paths';
import { useNow } from '../../../lib/use-now';
import { formatUtcDate } from '../../devices';
import { useSubscription, useSubscriptionDevices } from '../api/get-subscription';
import { subscriptionMessages } from '../messages';
import { usageLevel, usageThisMonth, usedPercent } from '../utils/subscription-usage';
import classes from './subscription-widget.module.css';

const w = subscriptionMessages.widget;
const LEVEL_COLOURS = { ok: 'teal.7', high: 'yellow.7', over: 'red.9' } as const;
export interface SubscriptionWidgetProps {
  subscriptionId: string;
  /** A tile (single, 1x1) or a list (3x6); spec 002 §3. */
  type: 'single' | 'list';
}

/** A pinned subscription on a dashboard: this month's usage against its limit, its terminals. */
export function SubscriptionWidget({ subscriptionId, type }: SubscriptionWidgetProps) {
  const { data: subscription, error } = useSubscription(subscriptionId);
  if (!subscription) {
    if (error) {
      const gone = isApiError(error) && (error.status === 404 || error.status === 400);
      return (
        <Text size="xs" c={gone ? 'dimmed' : 'red'} role={gone ? undefined : 'alert'}>
          {gone ? w.gone : w.loadFailed}
        </Text>
      );
    }
    return <Loader size="xs" role="status" aria-label={w.loading} />;
  }
  return (
    <div className={classes.widget} data-testid={`subscription-widget-${type}`}>
      <MonthUsage subscription={subscription} />
      {type === 'list' ? <Terminals subscription={subscription} /> : null}
    </div>
  );
}

function MonthUsage({ subscription: s }: { subscription: Subscription }) {
  const now = useNow(60_000);
  const used = usageThisMonth(s, now);
  const percent = usedPercent(used, s.dataLimitInGb);
  const limit =
    s.dataLimitInGb === null
      ? w.noLimit
      : s.dataLimitInGb === UNLIMITED_DATA_LIMIT_GB
        ? w.unlimited
        : `${s.dataLimitInGb} GB`;
  const ended = Date.parse(s.endDate) <= now.getTime();
  return (
    <>
      <Text size="xs">
        <span className={classes.label}>{w.usageThisMonth}: </span>
        {w.usageOf(formatBytes(used), limit)}
        {percent !== null ? ` (${percent}%)` : ''}
      </Text>
      {percent !== null ? (
        <Progress
          value={percent}
          size="sm"
          color={LEVEL_COLOURS[usageLevel(percent)]}
          aria-label={w.usageLabel(percent)}
        />
      ) : null}
      <Text size="xs" c="dimmed">
        {ended ? w.ended : w.ends}: {formatUtcDate(s.endDate)}
      </Text>
    </>
  );
}

function Terminals({ subscription }: { subscription: Subscription }) {
  const devices = useSubscriptionDevices(subscription.id, 1);
  const now = (devices.data?.items ?? []).filter((d) => d.active);
  return (
    <dl className={classes.fields}>
      <dt>{w.product}</dt>
      <dd>{subscription.productCode}</dd>
      <dt>{w.account}</dt>
      <dd>{subscription.accountName}</dd>
      <dt>{w.terminals}</dt>
      <dd>
        {devices.isPending ? (
          '…'
        ) : now.length === 0 ? (
          w.noTerminals
        ) : (
          <ul className={classes.terminals}>
            {now.map((d) => (
              <li key={d.id}>
                <Link className={cells.link} to={routePath('deviceOverview', { id: d.id })}>
                  {d.name}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </dd>
    </dl>
  );
}
