import { Alert, Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { Icon } from '../../../components/ui/icons';
import { useHealth } from '../api/get-health';
import { healthMessages } from '../messages';
import { overallHealth, serviceRows, type OverallHealth } from '../utils/overall-health';

const stateColor: Record<OverallHealth, string> = {
  Healthy: 'teal.9',
  Degraded: 'orange.9',
  Unhealthy: 'red.9',
};

/** Each service's status code and version, the overall state and Refresh (spec 001 §2). */
export function SystemHealth() {
  const health = useHealth();
  const state = overallHealth(health.data);

  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap">
        <Group gap="sm">
          <Title order={2} size="h4">
            {healthMessages.overall}
          </Title>
          <Badge
            color={stateColor[state]}
            variant="filled"
            size="lg"
            tt="none"
            data-testid="overall-health"
          >
            {healthMessages.states[state]}
          </Badge>
        </Group>
        <Button
          variant="default"
          leftSection={<Icon name="refresh" size={16} />}
          loading={health.isFetching}
          onClick={() => void health.refetch()}
        >
          {healthMessages.refresh}
        </Button>
      </Group>
      {health.isError && (
        <Alert color="red" variant="light" role="alert">
          {healthMessages.loadFailed}
        </Alert>
      )}
      {health.data && (
        <Table striped withTableBorder aria-label={healthMessages.title}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{healthMessages.service}</Table.Th>
              <Table.Th>{healthMessages.statusCode}</Table.Th>
              <Table.Th>{healthMessages.version}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {serviceRows(health.data).map((row) => (
              <Table.Tr key={row.service}>
                <Table.Td>{row.service}</Table.Td>
                <Table.Td>
                  <Text
                    span
                    fw={600}
                    size="sm"
                    {...(row.statusCode === 200 ? {} : { c: 'var(--mantine-color-error)' })}
                  >
                    {row.statusCode}
                  </Text>
                </Table.Td>
                <Table.Td>{row.version ?? healthMessages.unknownVersion}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
