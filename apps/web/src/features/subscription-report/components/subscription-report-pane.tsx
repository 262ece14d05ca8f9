// The month picker's styles come with the pane, not on every first load.
import '@mantine/dates/styles.css';
import { SUBSCRIPTION_REPORT_YEARS } from '@aerie/contract';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { MonthPickerInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { isApiError } from '../../../lib/api-client';
import { showToast } from '../../../lib/toast';
import {
  useDownloadSubscriptionReport,
  type ReportMonth,
} from '../api/download-subscription-report';
import { subscriptionReportMessages as m } from '../messages';

interface ReportForm {
  /** The picked month as Mantine's date string (`2026-10-01`), or null. */
  month: string | null;
}

const DOWNLOAD_TOAST_MS = 3_000;
const FIRST_MONTH = `${SUBSCRIPTION_REPORT_YEARS.min}-01-01`;

const monthLabel = (date: string) =>
  new Date(`${date.slice(0, 7)}-01T12:00:00`).toLocaleString('en-US', {
    month: 'long',
    year: 'numeric',
  });

function reportMonthOf(value: string): ReportMonth {
  return { year: Number(value.slice(0, 4)), month: Number(value.slice(5, 7)) };
}

/** The server's reason for a refusal the user can act on (a month without data, say). */
function reasonOf(error: unknown): string | null {
  return isApiError(error) && error.kind === 'http' && error.status >= 400 && error.status < 500
    ? error.message
    : null;
}

/**
 * The monthly subscription report pane (spec 000 §2.8): a month in MM/yyyy, required (§5), and
 * Download, which saves `UsageReport-{yyyy}-{MM}.xlsx`; an error or an empty file shows the
 * spec's failure text (§8) with the server's reason when it gave one.
 */
export function SubscriptionReportPane() {
  const form = useForm<ReportForm>({
    initialValues: { month: null },
    validate: { month: (value) => (value ? null : m.monthRequired) },
  });
  const download = useDownloadSubscriptionReport();
  const reason = download.isError ? reasonOf(download.error) : null;

  const submit = ({ month }: ReportForm): void => {
    if (!month) return;
    download.mutate(reportMonthOf(month), {
      onSuccess: () =>
        showToast({ message: m.downloadStarted, color: 'teal', autoClose: DOWNLOAD_TOAST_MS }),
    });
  };

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate aria-label={m.download}>
      <Stack gap="md">
        <Text size="sm">{m.intro}</Text>
        <MonthPickerInput
          label={m.month}
          placeholder={m.monthPlaceholder}
          valueFormat="MM/YYYY"
          required
          clearable
          clearButtonProps={{ 'aria-label': m.clearMonth }}
          minDate={FIRST_MONTH}
          maxDate={new Date()}
          previousLabel={m.previousYear}
          nextLabel={m.nextYear}
          getMonthControlProps={(date) => ({ 'aria-label': monthLabel(date) })}
          {...form.getInputProps('month')}
          onChange={(value) => {
            form.setFieldValue('month', value);
            download.reset();
          }}
        />
        {download.isError && (
          <Alert color="red" variant="light" role="alert">
            <Text size="sm">{m.failed}</Text>
            {reason && (
              <Text size="sm" mt={4}>
                {reason}
              </Text>
            )}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={download.isPending}>
            {m.download}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
