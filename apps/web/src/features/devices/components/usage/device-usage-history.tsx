// The date pickers' styles come with the pages that show them, not on every first load.
import '@mantine/dates/styles.css';
import {
  Alert,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { MonthPickerInput } from '@mantine/dates';
import { useState } from 'react';
import { downloadTextFile } from '../../../../lib/csv';
import { formatBytes } from '../../../../lib/format-bytes';
import { useDeviceUsage } from '../../api/get-device-usage';
import { usageMessages } from '../../usage-messages';
import {
  hasUsage,
  monthKey,
  usageCsv,
  usageFileName,
  usageMonthOf,
  usageRows,
  type UsageMonth,
} from '../../utils/usage-table';

export interface DeviceUsageHistoryProps {
  deviceId: string;
  /** Names the export: the serial, or the device name when it has none. */
  serialOrName: string;
}

const pad = (n: number) => String(n).padStart(2, '0');
const numeric = { fontVariantNumeric: 'tabular-nums' } as const;
const monthLabel = (date: string) =>
  new Date(`${date.slice(0, 7)}-01T12:00:00`).toLocaleString('en-US', {
    month: 'long',
    year: 'numeric',
  });
const pickerValue = (m: UsageMonth) => `${m.year}-${pad(m.month)}-01`;

/**
 * The device Usage History tab (spec 001 §2): a month picker (this month by default, never
 * later), the month's totals, a per-day table of cellular and satellite usage and its CSV export.
 */
export function DeviceUsageHistory({ deviceId, serialOrName }: DeviceUsageHistoryProps) {
  const now = new Date();
  const current = usageMonthOf(now);
  const [month, setMonth] = useState<UsageMonth>(current);
  const { data, isPending, isError, isPlaceholderData, refetch } = useDeviceUsage(
    deviceId,
    month.year,
    month.month,
  );
  // 31 rows at most: cheap enough to build on every render.
  const rows =
    data && !isPlaceholderData ? usageRows(data, month, { ...current, day: now.getDate() }) : [];

  const exportCsv = () => downloadTextFile(usageFileName(serialOrName, month), usageCsv(rows));

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <MonthPickerInput
          label={usageMessages.month}
          value={pickerValue(month)}
          onChange={(value) => value && setMonth(usageMonthOf(value))}
          maxDate={now}
          valueFormat="MMMM YYYY"
          allowDeselect={false}
          previousLabel={usageMessages.previousYear}
          nextLabel={usageMessages.nextYear}
          getMonthControlProps={(date) => ({ 'aria-label': monthLabel(date) })}
          w={220}
        />
        <Button variant="default" onClick={exportCsv} disabled={rows.length === 0}>
          {usageMessages.exportCsv}
        </Button>
      </Group>
      <UsageContent
        month={month}
        data={data}
        rows={rows}
        loading={isPending || isPlaceholderData}
        failed={isError}
        onRetry={() => void refetch()}
      />
    </Stack>
  );
}

interface UsageContentProps {
  month: UsageMonth;
  data: ReturnType<typeof useDeviceUsage>['data'];
  rows: ReturnType<typeof usageRows>;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
}

function UsageContent({ month, data, rows, loading, failed, onRetry }: UsageContentProps) {
  if (failed) {
    return (
      <Alert color="red" role="alert">
        <Group justify="space-between">
          <Text size="sm">{usageMessages.loadFailed}</Text>
          <Button size="xs" variant="light" color="red" onClick={onRetry}>
            {usageMessages.retry}
          </Button>
        </Group>
      </Alert>
    );
  }
  if (loading || !data) {
    return (
      <Stack gap="md" aria-busy="true" aria-label={usageMessages.loading}>
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <Skeleton height={76} />
          <Skeleton height={76} />
        </SimpleGrid>
        <Skeleton height={360} />
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <Total label={usageMessages.cellularTotal} bytes={data.cellularMonthlyUsage} />
        <Total label={usageMessages.satelliteTotal} bytes={data.satelliteMonthlyUsage} />
      </SimpleGrid>
      {hasUsage(data) ? (
        <UsageTable month={month} rows={rows} data={data} />
      ) : (
        <Paper withBorder p="xl" radius="md">
          <Text c="dimmed" ta="center">
            {usageMessages.empty}
          </Text>
        </Paper>
      )}
    </Stack>
  );
}

function Total({ label, bytes }: { label: string; bytes: number }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="xl" fw={600}>
        {formatBytes(bytes)}
      </Text>
    </Paper>
  );
}

interface UsageTableProps {
  month: UsageMonth;
  rows: ReturnType<typeof usageRows>;
  data: NonNullable<ReturnType<typeof useDeviceUsage>['data']>;
}

function UsageTable({ month, rows, data }: UsageTableProps) {
  const c = usageMessages.columns;
  return (
    <Paper withBorder radius="md">
      <Table striped highlightOnHover verticalSpacing={6} horizontalSpacing="md">
        <Table.Caption>{usageMessages.tableCaption(monthKey(month))}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{c.date}</Table.Th>
            <Table.Th scope="col" ta="right">
              {c.cellular}
            </Table.Th>
            <Table.Th scope="col" ta="right">
              {c.satellite}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.date}>
              <Table.Td>{row.date}</Table.Td>
              <Table.Td ta="right" style={numeric}>
                {formatBytes(row.cellular)}
              </Table.Td>
              <Table.Td ta="right" style={numeric}>
                {formatBytes(row.satellite)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th scope="row">{usageMessages.total}</Table.Th>
            <Table.Td ta="right" style={numeric} fw={600}>
              {formatBytes(data.cellularMonthlyUsage)}
            </Table.Td>
            <Table.Td ta="right" style={numeric} fw={600}>
              {formatBytes(data.satelliteMonthlyUsage)}
            </Table.Td>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Paper>
  );
}
