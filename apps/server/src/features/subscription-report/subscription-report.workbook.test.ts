import { randomBytes } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { unzip } from '../../test/unzip.js';
import { readXlsx } from '../../test/xlsx.js';
import { reportColumns, type ReportCells } from './subscription-report.presenter.js';
import {
  MAX_UNREAD_BYTES,
  ReaderGoneError,
  writeWorkbook,
} from './subscription-report.workbook.js';

const columns = reportColumns({ salesforce: true });

/** Reads a stream to its end. */
async function collect(stream: PassThrough): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Rows that do not compress away: random text in the description. */
function noisyRow(i: number): ReportCells {
  return {
    account: `Account ${Math.floor(i / 5000)}`,
    subscriptionNumber: `SUB-${i}`,
    description: randomBytes(200).toString('base64'),
    productCode: 'SVC-050-SAT',
    startDate: new Date(Date.UTC(2026, 0, 1)),
    endDate: new Date(Date.UTC(2027, 0, 1)),
    dataLimitInGb: 50,
    satelliteUsageGb: i % 997,
    cellularUsageGb: i % 13,
    totalUsageGb: (i % 997) + (i % 13),
    devices: 1,
  };
}

describe('writeWorkbook', () => {
  it('writes a sheet that Excel readers open: bold frozen header, widths, formats and the rows', async () => {
    const output = new PassThrough();
    const bytes = collect(output);
    const rows: ReportCells[] = [
      {
        account: 'Northwind Maritime',
        subscriptionNumber: 'SUB-1',
        salesforceObjectId: 'a0X1',
        salesforceAccountId: null,
        description: 'Maritime 50 GB',
        productCode: 'SVC-050-SAT',
        startDate: new Date(Date.UTC(2026, 9, 15)),
        endDate: new Date(Date.UTC(2027, 9, 14)),
        dataLimitInGb: 50,
        satelliteUsageGb: 12,
        cellularUsageGb: 0,
        totalUsageGb: 12,
        devices: 2,
      },
      { account: 'Terra Logistics', dataLimitInGb: 'Unlimited', devices: 0 },
    ];
    async function* batches() {
      yield rows.slice(0, 1);
      yield rows.slice(1);
    }
    await writeWorkbook(output, {
      creator: 'Aerie',
      sheetName: 'Usage 2026-10',
      columns,
      batches: batches(),
    });
    const sheet = await readXlsx(await bytes);
    expect(sheet.name).toBe('Usage 2026-10');
    expect(sheet.creator).toBe('Aerie');
    expect(sheet.headers).toEqual(columns.map((c) => c.header));
    expect(sheet.headerBold).toBe(true);
    expect(sheet.view).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.autoFilter).toBeTruthy();
    expect(sheet.widths['Account']).toBe(34);
    expect(sheet.numFmts['Start Date']).toBe('yyyy-mm-dd');
    expect(sheet.numFmts['Total Usage (GB)']).toBe('#,##0');
    expect(sheet.rows).toHaveLength(2);
    expect(sheet.rows[0]).toMatchObject({
      Account: 'Northwind Maritime',
      'Subscription Number': 'SUB-1',
      'Salesforce Object ID': 'a0X1',
      'Salesforce Account ID': null,
      'Start Date': new Date(Date.UTC(2026, 9, 15)),
      'End Date': new Date(Date.UTC(2027, 9, 14)),
      'Data Limit (GB)': 50,
      'Total Usage (GB)': 12,
      Devices: 2,
    });
    expect(sheet.rows[1]).toMatchObject({
      Account: 'Terra Logistics',
      Description: null,
      'Data Limit (GB)': 'Unlimited',
      Devices: 0,
    });
  });

  it('waits for a slow reader before reading more rows, then finishes when the reader catches up', async () => {
    const output = new PassThrough();
    const total = 100;
    let pulled = 0;
    async function* batches() {
      for (let b = 0; b < total; b++) {
        pulled = b + 1;
        yield Array.from({ length: 250 }, (_v, i) => noisyRow(b * 250 + i));
      }
    }
    const writing = writeWorkbook(output, {
      creator: 'Aerie',
      sheetName: 'Usage',
      columns,
      batches: batches(),
    });
    // Nobody reads: the writer must stop pulling batches once its backlog passed the limit.
    let stalledAt = -1;
    for (let i = 0; i < 100 && stalledAt !== pulled; i++) {
      stalledAt = pulled;
      await sleep(100);
    }
    expect(pulled).toBeLessThan(total / 2);
    const zip = (output as unknown as { _readableState: { length: number } })._readableState;
    expect(zip.length).toBeLessThanOrEqual(64 * 1024);
    // Now read: every batch is written and the workbook is complete.
    const bytes = await collect(output);
    await writing;
    expect(pulled).toBe(total);
    expect(bytes.length).toBeGreaterThan(MAX_UNREAD_BYTES);
    // Every row is there (counted in the sheet's XML: reading 25,000 rows back takes seconds).
    const xml = (await unzip(bytes)).get('xl/worksheets/sheet1.xml')!.toString('utf8');
    expect(xml.match(/<row /g)).toHaveLength(total * 250 + 1);
    expect(xml).toContain(`SUB-${total * 250 - 1}<`);
  }, 60_000);

  it('stops reading rows and rejects when the reader goes away', async () => {
    const output = new PassThrough();
    let pulled = 0;
    let closed = false;
    async function* batches() {
      try {
        for (let b = 0; b < 1000; b++) {
          pulled = b + 1;
          yield Array.from({ length: 250 }, (_v, i) => noisyRow(b * 250 + i));
        }
      } finally {
        closed = true;
      }
    }
    const writing = writeWorkbook(output, {
      creator: 'Aerie',
      sheetName: 'Usage',
      columns,
      batches: batches(),
    });
    output.once('data', () => output.destroy());
    output.resume();
    await expect(writing).rejects.toBeInstanceOf(ReaderGoneError);
    expect(pulled).toBeLessThan(1000);
    expect(closed).toBe(true);
  });
});
