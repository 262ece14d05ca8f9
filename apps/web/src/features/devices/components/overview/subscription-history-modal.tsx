import type { Device, SubscriptionSummary } from '@aerie/contract';
import { Alert, Center, Loader, Modal, Table, Text } from '@mantine/core';
import { useDeviceSubscriptionHistory } from '../../api/get-device-subscription-history';
import { deviceMessages } from '../../messages';
import { formatDataLimit, formatUtcDateTime } from '../../utils/device-display';

const texts = deviceMessages.overview.history;

/** Spec 001 §9: the subscription history modal is 700 wide. */
export const HISTORY_MODAL_WIDTH = 700;

export interface HistoryColumns {
  /** Supported Networks: Super User, {brand} Admin, Product Support. */
  supportedNetworks: boolean;
  /** Salesforce ID: Super User, {brand} Admin, Sales Support. */
  salesforceId: boolean;
}

export interface SubscriptionHistoryModalProps {
  history: Device['subscriptionHistory'];
  opened: boolean;
  onClose: () => void;
  columns: HistoryColumns;
}

interface Row {
  entry: Device['subscriptionHistory'][number];
  subscription: SubscriptionSummary;
}

/** Past subscriptions of the device, from `POST /v3/subscriptions` with their ids. */
export function SubscriptionHistoryModal({
  history,
  opened,
  onClose,
  columns,
}: SubscriptionHistoryModalProps) {
  const ids = history.map((h) => h.id);
  const query = useDeviceSubscriptionHistory(ids, opened && ids.length > 0);
  const byId = new Map((query.data ?? []).map((s) => [s.id, s]));
  const rows: Row[] = history.flatMap((entry) => {
    const subscription = byId.get(entry.id);
    return subscription ? [{ entry, subscription }] : [];
  });

  let body;
  if (ids.length === 0 || (query.isSuccess && rows.length === 0)) {
    body = <Text c="dimmed">{texts.empty}</Text>;
  } else if (query.isError) {
    body = (
      <Alert color="red" role="alert">
        {texts.failed}
      </Alert>
    );
  } else if (!query.isSuccess) {
    body = (
      <Center py="lg">
        <Loader role="status" aria-label={texts.loading} />
      </Center>
    );
  } else {
    body = (
      <Table.ScrollContainer minWidth={560}>
        <Table striped verticalSpacing="xs" fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{texts.description}</Table.Th>
              <Table.Th scope="col">{texts.startDate}</Table.Th>
              <Table.Th scope="col">{texts.endDate}</Table.Th>
              <Table.Th scope="col">{texts.dataLimit}</Table.Th>
              {columns.supportedNetworks ? (
                <Table.Th scope="col">{texts.supportedNetworks}</Table.Th>
              ) : null}
              {columns.salesforceId ? <Table.Th scope="col">{texts.salesforceId}</Table.Th> : null}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map(({ entry, subscription: s }) => (
              <Table.Tr key={entry.id}>
                <Table.Td>{s.description}</Table.Td>
                <Table.Td>
                  {formatUtcDateTime(entry.startDate) ?? deviceMessages.notAvailable}
                </Table.Td>
                <Table.Td>
                  {formatUtcDateTime(entry.endDate ?? s.endDate) ?? deviceMessages.notAvailable}
                </Table.Td>
                <Table.Td>{formatDataLimit(s.dataLimitInGb)}</Table.Td>
                {columns.supportedNetworks ? (
                  <Table.Td>
                    {s.networkIdentifiers?.length
                      ? s.networkIdentifiers.join(', ')
                      : deviceMessages.notAvailable}
                  </Table.Td>
                ) : null}
                {columns.salesforceId ? (
                  <Table.Td ff="monospace">
                    {s.salesforceObjectId ?? deviceMessages.notAvailable}
                  </Table.Td>
                ) : null}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      closeButtonProps={{ 'aria-label': deviceMessages.closeDialog }}
      title={texts.title}
      size={HISTORY_MODAL_WIDTH}
      centered
    >
      {body}
    </Modal>
  );
}
