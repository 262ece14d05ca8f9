import {
  Alert,
  Button,
  Collapse,
  Group,
  Loader,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog/confirm-dialog';
import { useCreateApiClient } from '../api/create-api-client';
import { useDeleteApiClient } from '../api/delete-api-client';
import { useApiClients } from '../api/get-api-clients';
import { apiClientsMessages } from '../messages';
import { ApiClientForm } from './api-client-form';
import { showToast } from '../../../lib/toast';

const TOAST_MS = 3_000;

/** The API Clients tab (spec 000 §2.4): list, an add panel that toggles, delete. */
export function ApiClientsTab() {
  const clients = useApiClients();
  const create = useCreateApiClient();
  const remove = useDeleteApiClient();
  const [adding, setAdding] = useState(false);
  // The client whose deletion waits for the user's confirmation (kept while the dialog closes).
  const [deleting, setDeleting] = useState<{ clientId: string; open: boolean } | null>(null);

  const deleteClient = (clientId: string) =>
    remove.mutate(clientId, {
      onSuccess: () =>
        showToast({
          message: apiClientsMessages.apiClientDeleted(clientId),
          autoClose: TOAST_MS,
        }),
    });

  return (
    <Stack gap="sm">
      <Group justify="flex-end">
        <Button
          size="xs"
          variant={adding ? 'default' : 'filled'}
          aria-expanded={adding}
          aria-controls="api-client-add-panel"
          onClick={() => setAdding((open) => !open)}
        >
          {apiClientsMessages.addApiClient}
        </Button>
      </Group>
      <Collapse expanded={adding} id="api-client-add-panel">
        {adding && (
          <ApiClientForm
            onCancel={() => setAdding(false)}
            onSubmit={async (values) => {
              const created = await create.mutateAsync(values);
              setAdding(false);
              showToast({
                message: apiClientsMessages.apiClientAdded(created.clientId),
                autoClose: TOAST_MS,
              });
            }}
          />
        )}
      </Collapse>
      {clients.isPending && (
        <Loader role="status" size="sm" aria-label={apiClientsMessages.apiClients} />
      )}
      {clients.isError && (
        <Alert color="red" variant="light">
          {apiClientsMessages.apiClientsFailed}
        </Alert>
      )}
      {clients.data && clients.data.length === 0 && (
        <Text size="sm" c="dimmed">
          {apiClientsMessages.noApiClients}
        </Text>
      )}
      {clients.data && clients.data.length > 0 && (
        <Table aria-label={apiClientsMessages.apiClients} verticalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{apiClientsMessages.clientId}</Table.Th>
              <Table.Th>{apiClientsMessages.createdOn}</Table.Th>
              <Table.Th>
                <VisuallyHidden>{apiClientsMessages.delete}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {clients.data.map((client) => (
              <Table.Tr key={client.clientId}>
                <Table.Td style={{ wordBreak: 'break-all' }}>{client.clientId}</Table.Td>
                <Table.Td>{new Date(client.createdOn).toLocaleDateString()}</Table.Td>
                <Table.Td>
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    color="red"
                    aria-label={apiClientsMessages.deleteApiClient(client.clientId)}
                    loading={remove.isPending && remove.variables === client.clientId}
                    onClick={() => setDeleting({ clientId: client.clientId, open: true })}
                  >
                    {apiClientsMessages.delete}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <ConfirmDialog
        opened={deleting?.open ?? false}
        title={apiClientsMessages.deleteTitle}
        confirmLabel={apiClientsMessages.delete}
        cancelLabel={apiClientsMessages.cancel}
        destructive
        onCancel={() => setDeleting((d) => d && { ...d, open: false })}
        onConfirm={() => {
          if (deleting) deleteClient(deleting.clientId);
          setDeleting((d) => d && { ...d, open: false });
        }}
      >
        {deleting ? apiClientsMessages.deleteConsequence(deleting.clientId) : ''}
      </ConfirmDialog>
    </Stack>
  );
}
