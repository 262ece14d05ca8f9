import { api, subscriptionReportFileName } from '@aerie/contract';
import { can, type Authorize } from '../../plugins/authorization.js';
import type { Principal } from '../../plugins/auth.js';
import { BadRequestError, NotFoundError } from '../../plugins/errors.js';
import type { AccountScope } from '../../plugins/tenancy.js';
import {
  presentReportRow,
  reportColumns,
  type ReportAccess,
  type ReportCells,
  type ReportColumn,
} from './subscription-report.presenter.js';
import type {
  MonthWindow,
  ReportAccount,
  ReportKey,
  SubscriptionReportRepository,
} from './subscription-report.repository.js';

/** Subscriptions read from the database at a time (one short query each). */
export const REPORT_BATCH_SIZE = 1000;

/** What the route streams: the file's name, its sheet, columns and rows in batches. */
export interface MonthlyReport {
  fileName: string;
  sheetName: string;
  columns: ReportColumn[];
  batches: AsyncIterable<readonly ReportCells[]>;
}

export const reportMessages = {
  empty: (label: string) => `No subscription was active in ${label}.`,
  future: (label: string) =>
    `The report of ${label} is not available yet: choose the current month or an earlier one.`,
} as const;

const pad = (n: number) => String(n).padStart(2, '0');

/** The month as instants in UTC: its first millisecond up to the next month's first. */
export function monthWindow(year: number, month: number): MonthWindow {
  return {
    year,
    month,
    from: new Date(Date.UTC(year, month - 1, 1)),
    to: new Date(Date.UTC(year, month, 1)),
  };
}

/**
 * Consecutive accounts packed so one query reads at most `size` rows, in the accounts' order;
 * an account with more subscriptions than that is a group of its own (read in several batches).
 */
export function groupAccounts(accounts: readonly ReportAccount[], size: number): string[][] {
  const groups: string[][] = [];
  let current: string[] = [];
  let rows = 0;
  for (const account of accounts) {
    if (current.length > 0 && rows + account.count > size) {
      groups.push(current);
      current = [];
      rows = 0;
    }
    current.push(account.id);
    rows += account.count;
  }
  if (current.length > 0) groups.push(current);
  return groups;
}

export function createSubscriptionReportService(
  repo: SubscriptionReportRepository,
  authorize: Authorize,
  options: { batchSize?: number; now?: () => number } = {},
) {
  const batchSize = options.batchSize ?? REPORT_BATCH_SIZE;
  const now = options.now ?? Date.now;

  /** One read of a group: its rows and the group they belong to. */
  function readBatch(
    group: string[],
    after: ReportKey | null,
    window: MonthWindow,
    scope: AccountScope,
  ) {
    const batch = repo
      .batch(group, window, scope, after, batchSize)
      .then((rows) => ({ group, rows }));
    // A read started ahead may be left behind when the client goes: never an unhandled rejection.
    batch.catch(() => undefined);
    return batch;
  }

  /**
   * The rows in batches: every group of accounts read by keyset until a short batch. The next
   * batch is read while this one is written (the database and the writer work at once); at most
   * two batches are held.
   */
  async function* batches(
    accounts: readonly ReportAccount[],
    window: MonthWindow,
    scope: AccountScope,
    access: ReportAccess,
  ): AsyncGenerator<ReportCells[]> {
    const groups = groupAccounts(accounts, batchSize);
    let next = 0;
    let pending = groups.length > 0 ? readBatch(groups[next++]!, null, window, scope) : null;
    while (pending) {
      const { group, rows } = await pending;
      const last = rows[rows.length - 1];
      if (rows.length === batchSize && last) pending = readBatch(group, last.key, window, scope);
      else pending = next < groups.length ? readBatch(groups[next++]!, null, window, scope) : null;
      if (rows.length > 0) yield rows.map((row) => presentReportRow(row, access));
    }
  }

  return {
    /**
     * `GET /v2/subscriptions/{year}/{month}`: the subscriptions of the caller's accounts active
     * at some time in the month. 400 for a month that has not begun, 404 when none was active;
     * both are decided before the first byte, the rows are read while the file is written.
     */
    async monthly(principal: Principal, year: number, month: number): Promise<MonthlyReport> {
      const { scope } = await authorize(principal, api.subscriptions.monthlyReport.access);
      const window = monthWindow(year, month);
      const label = `${pad(month)}/${year}`;
      if (window.from.getTime() > now()) {
        throw new BadRequestError(reportMessages.future(label), 'month');
      }
      const accounts = await repo.accounts(scope, window);
      if (accounts.length === 0) throw new NotFoundError(reportMessages.empty(label));
      const access: ReportAccess = { salesforce: can(principal, 'subscriptions.salesforce') };
      return {
        fileName: subscriptionReportFileName(year, month),
        sheetName: `Usage ${year}-${pad(month)}`,
        columns: reportColumns(access),
        batches: batches(accounts, window, scope, access),
      };
    },
  };
}
export type SubscriptionReportService = ReturnType<typeof createSubscriptionReportService>;
