import {
  SUBSCRIPTION_DEVICES_DEFAULT_TAKE,
  type RoleKey,
  type Subscription,
  type SubscriptionMonthlyUsage,
} from '@aerie/contract';
import { Alert, Stack, Table, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { DataTablePager } from '../../../components/data-table/data-table-pager';
import cells from '../../../components/data-table/table-cells.module.css';
import { formatBytes } from '../../../lib/format-bytes';
import { routePath } from '../../../lib/route-paths';
import {
  ActiveBadge,
  Field,
  FieldList,
  formatDataLimit,
  formatUtcDate,
  OptionalValue,
  OverviewCard,
} from '../../devices';
import { useSubscriptionDevices } from '../api/get-subscription';
import { subscriptionMessages } from '../messages';
import { SubscriptionActions } from './subscription-actions';
import { SubscriptionHistory } from './subscription-history';
import classes from './subscription-overview.module.css';

const m = subscriptionMessages;

/**
 * The overview tab (spec 001 §2): the changes the role may make, then the Overview, Devices and
 * Monthly Usage cards, and the History of changes.
 */
export function SubscriptionOverview({
  subscription,
  role,
}: {
  subscription: Subscription;
  role: RoleKey;
}) {
  return (
    <Stack gap="md">
      <SubscriptionActions subscription={subscription} role={role} />
      {subscription.malformed ? (
        <Alert color="yellow" role="alert" data-testid="subscription-malformed">
          {m.malformed}
        </Alert>
      ) : null}
      <div className={classes.columns}>
        <OverviewDetails subscription={subscription} />
        <DevicesCard subscription={subscription} />
      </div>
      <MonthlyUsageCard usage={subscription.monthlyUsageHistory} />
      <SubscriptionHistory id={subscription.id} />
    </Stack>
  );
}

const o = m.overview;

/**
 * The Overview card. Role-restricted fields (spec 001 §6) are absent from the answer for roles
 * that may not see them, so a field is shown when its key is there: the number and Salesforce
 * ids (Super User, the brand Admin, Sales Support), Networks (Super User, the brand Admin).
 */
function OverviewDetails({ subscription: s }: { subscription: Subscription }) {
  const services = [s.hasSatellite ? o.satellite : null, s.hasCellular ? o.cellular : null]
    .filter((v) => v !== null)
    .join(', ');
  return (
    <OverviewCard title={o.title} testId="subscription-overview-card">
      <FieldList>
        <Field label={o.description}>{s.description}</Field>
        {'subscriptionNumber' in s ? (
          <Field label={o.subscriptionNumber}>{s.subscriptionNumber || m.list.unknownNumber}</Field>
        ) : null}
        <Field label={o.product}>{s.productCode}</Field>
        <Field label={o.account}>{s.accountName}</Field>
        <Field label={o.startDate}>{formatUtcDate(s.startDate) ?? o.notAvailable}</Field>
        <Field label={o.endDate}>{formatUtcDate(s.endDate) ?? o.notAvailable}</Field>
        <Field label={o.dataLimit}>{formatDataLimit(s.dataLimitInGb)}</Field>
        <Field label={o.active}>
          <ActiveBadge active={s.active} />
        </Field>
        <Field label={o.services}>{services || o.none}</Field>
        {'salesforceObjectId' in s ? (
          <Field label={o.salesforceObjectId}>
            <OptionalValue value={s.salesforceObjectId} />
          </Field>
        ) : null}
        {'salesforceAccountId' in s ? (
          <Field label={o.salesforceAccountId}>
            <OptionalValue value={s.salesforceAccountId} />
          </Field>
        ) : null}
        {'networkIdentifiers' in s ? (
          <Field label={o.networks}>
            <OptionalValue value={s.networkIdentifiers?.join(', ')} />
          </Field>
        ) : null}
        {'nmsId' in s ? (
          <Field label={o.nmsId}>
            <OptionalValue value={s.nmsId} />
          </Field>
        ) : null}
        {s.pendingTransferEmail ? (
          <Field label={o.pendingTransfer}>{s.pendingTransferEmail}</Field>
        ) : null}
      </FieldList>
    </OverviewCard>
  );
}

const d = m.devices;

/** The Devices card: serial and linked name, 20 a page by name (spec 001 §7). */
function DevicesCard({ subscription }: { subscription: Subscription }) {
  const [page, setPage] = useState(1);
  const devices = useSubscriptionDevices(subscription.id, page);
  const count = devices.data?.count ?? subscription.deviceCount;
  const items = devices.data?.items ?? [];
  return (
    <OverviewCard
      title={d.title}
      actions={
        <Text size="sm" c="dimmed">
          {d.count(count)}
        </Text>
      }
      testId="subscription-devices-card"
    >
      {devices.isError ? (
        <Alert color="red" role="alert">
          {d.loadFailed}
        </Alert>
      ) : items.length === 0 ? (
        <Text c="dimmed" size="sm">
          {devices.isPending ? '\u00a0' : d.empty}
        </Text>
      ) : (
        <Table aria-label={d.tableLabel} verticalSpacing={4} aria-busy={devices.isPlaceholderData}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{d.serial}</Table.Th>
              <Table.Th scope="col">{d.name}</Table.Th>
              <Table.Th scope="col">{d.status}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((device) => (
              <Table.Tr key={device.id}>
                <Table.Td>{device.serial ?? <span className={cells.dash}>—</span>}</Table.Td>
                <Table.Td>
                  <Link className={cells.link} to={routePath('deviceOverview', { id: device.id })}>
                    {device.name}
                  </Link>
                </Table.Td>
                <Table.Td>{device.active ? d.current : d.earlier}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {count > items.length || page > 1 ? (
        <DataTablePager
          page={page}
          pageSize={SUBSCRIPTION_DEVICES_DEFAULT_TAKE}
          total={count}
          onPageChange={setPage}
        />
      ) : null}
    </OverviewCard>
  );
}

const u = m.usage;

/** The month as 'yyyy/MM'. */
function monthLabel({ year, month }: SubscriptionMonthlyUsage): string {
  return `${year}/${String(month).padStart(2, '0')}`;
}

/** The Monthly Usage card: newest month first; sizes in decimal units (spec 001 §9 '0.0 b'). */
function MonthlyUsageCard({ usage }: { usage: readonly SubscriptionMonthlyUsage[] }) {
  const months = [...usage].reverse();
  return (
    <OverviewCard title={u.title} testId="subscription-usage-card">
      {months.length === 0 ? (
        <Text c="dimmed" size="sm">
          {u.empty}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={480} maxHeight={360} type="native">
          <Table aria-label={u.tableLabel} verticalSpacing={4} stickyHeader>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{u.month}</Table.Th>
                <Table.Th scope="col" ta="right">
                  {u.total}
                </Table.Th>
                <Table.Th scope="col" ta="right">
                  {u.satellite}
                </Table.Th>
                <Table.Th scope="col" ta="right">
                  {u.cellular}
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {months.map((row) => (
                <Table.Tr key={monthLabel(row)}>
                  <Table.Td>{monthLabel(row)}</Table.Td>
                  <Table.Td ta="right">{formatBytes(row.value)}</Table.Td>
                  <Table.Td ta="right">{formatBytes(row.satelliteValue)}</Table.Td>
                  <Table.Td ta="right">{formatBytes(row.cellularValue)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </OverviewCard>
  );
}
