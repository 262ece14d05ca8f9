/**
 * Builds a bundle's series index (docs/formats/series-index.md, decision 041) into a local folder:
 * the tracking log (every rotation, oldest first) as one series of records, each metric of the
 * metrics log as a series of its own, the blockage zones, and `index.json` last. The logs are
 * streamed: memory holds one piece of input and a few blocks per series, whatever their length.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { DIAGNOSTIC_SERIES_LIMITS as SL, aimTrackingFields } from '@aerie/contract';
import { AIM_CSV_ENTRIES, METRICS_ENTRIES } from '@aerie/kdp';
import { readZones } from './blockage-zones.js';
import { CsvRecordReader, parseNumber, parseTime } from './csv-records.js';
import { metricShape, trackingShape } from './downsample.js';
import { SeriesWriter } from './series-file.js';
import {
  INDEX_META_FILE,
  SERIES_INDEX_FORMAT,
  SERIES_INDEX_VERSION,
  TRACKING_WIDTH,
  type MetricIndexMeta,
  type SeriesIndexMeta,
  type TrackingIndexMeta,
} from './series-index.meta.js';
import { SERIES_MESSAGES as S } from './series.messages.js';

/** Where the index reads the bundle's files from: the quarantine, or the published contents. */
export interface IndexSource {
  /** The entry's bytes as a stream, or null when the bundle has no such file. */
  open(entryPath: string): Promise<Readable | null>;
}

/** Problems listed at most (a file with thousands of bad zones says so once). */
const MAX_PROBLEMS = 20;

/** Collects problems, at most MAX_PROBLEMS of them, saying how many more there were. */
class Problems {
  readonly list: string[] = [];
  #more = 0;
  add(problem: string): void {
    if (this.list.length < MAX_PROBLEMS) this.list.push(problem);
    else this.#more += 1;
  }
  done(): string[] {
    return this.#more > 0 ? [...this.list, S.moreProblems(this.#more)] : this.list;
  }
}

/**
 * Reads one CSV file of the bundle, record by record: the header first (its column names
 * mapped with `header`, null to skip the file), then each row. Waits for `drain` after every
 * piece of input, so the writers' queued output stays small.
 */
async function readCsv(
  source: IndexSource,
  entryPath: string,
  header: (names: string[]) => boolean,
  row: (cells: string[] | null) => void,
  drain: () => Promise<void>,
  signal: AbortSignal,
): Promise<void> {
  const stream = await source.open(entryPath);
  if (stream === null) return;
  let seenHeader = false;
  let reading = true;
  const reader = new CsvRecordReader((cells) => {
    if (!reading) return;
    if (!seenHeader) {
      seenHeader = true;
      reading = cells !== null && header(cells.map((c) => c.trim()));
      return;
    }
    row(cells);
  });
  try {
    for await (const chunk of stream) {
      signal.throwIfAborted();
      reader.write(chunk as Buffer);
      await drain();
      if (!reading) break;
    }
    reader.end();
    await drain();
  } finally {
    stream.destroy();
  }
}

/** Oldest first: `name.2`, `name.1`, `name.0`, then `name` (docs/formats/kdp.md). */
const oldestFirst = (entries: readonly string[]) => [...entries].reverse();

async function indexTracking(
  source: IndexSource,
  folder: string,
  signal: AbortSignal,
): Promise<TrackingIndexMeta> {
  const sinr = 1 + aimTrackingFields.indexOf('averageSinr');
  const mute = 1 + aimTrackingFields.indexOf('muteFlags');
  const writer = new SeriesWriter(folder, 'tracking', trackingShape(TRACKING_WIDTH, sinr, mute));
  const record = new Float64Array(TRACKING_WIDTH);
  const present = new Array<boolean>(aimTrackingFields.length).fill(false);
  const series = { sinr: false, noSinr: false, muted: false };
  const problems = new Problems();
  let skippedRows = 0;
  for (const entry of oldestFirst(AIM_CSV_ENTRIES)) {
    let time = -1;
    let columns: number[] = [];
    await readCsv(
      source,
      entry,
      (names) => {
        time = names.indexOf('timestamp');
        columns = aimTrackingFields.map((f) => names.indexOf(f));
        if (time < 0) problems.add(S.noTimestampColumn(entry));
        return time >= 0;
      },
      (cells) => {
        const t = cells === null ? NaN : parseTime(cells[time]);
        const last = writer.last;
        if (cells === null || Number.isNaN(t) || (last !== null && t < last)) {
          skippedRows += 1;
          return;
        }
        record[0] = t;
        for (let k = 0; k < columns.length; k += 1) {
          const c = columns[k] as number;
          const v = c < 0 ? NaN : parseNumber(cells[c]);
          record[k + 1] = v;
          if (!Number.isNaN(v)) present[k] = true;
        }
        const s = record[sinr] as number;
        const m = record[mute] as number;
        if (Number.isNaN(s)) series.noSinr = true;
        else series.sinr = true;
        if (!Number.isNaN(m) && m !== 0) series.muted = true;
        writer.add(record);
      },
      () => writer.drain(),
      signal,
    );
  }
  const blockageZones = await readZones(source, problems);
  return {
    series: await writer.finish(),
    fields: aimTrackingFields.filter((_, k) => present[k]),
    flags: series,
    blockageZones,
    skippedRows,
    problems: problems.done(),
  };
}

/** A metric's name as read, or null when it cannot be one (empty, too long, control characters). */
function metricName(cell: string | undefined): string | null {
  const name = cell?.trim() ?? '';
  // eslint-disable-next-line no-control-regex -- control characters are what is refused
  if (name === '' || name.length > SL.maxMetricNameLength || /[\u0000-\u001f\u007f]/.test(name)) {
    return null;
  }
  return name;
}

function metricUnit(cell: string | undefined): string {
  const unit = cell?.trim() ?? '';
  // eslint-disable-next-line no-control-regex -- control characters are what is refused
  return unit.length > SL.maxMetricUnitLength || /[\u0000-\u001f\u007f]/.test(unit) ? '' : unit;
}

async function indexMetrics(
  source: IndexSource,
  folder: string,
  signal: AbortSignal,
): Promise<SeriesIndexMeta['metrics']> {
  const metrics = new Map<string, { unit: string; writer: SeriesWriter }>();
  const record = new Float64Array(2);
  const problems = new Problems();
  let skippedRows = 0;
  let tooMany = false;
  const drain = async () => {
    for (const m of metrics.values()) await m.writer.drain();
  };
  for (const entry of oldestFirst(METRICS_ENTRIES)) {
    let col = { time: -1, metric: -1, value: -1, unit: -1 };
    await readCsv(
      source,
      entry,
      (names) => {
        col = {
          time: names.indexOf('timestamp'),
          metric: names.indexOf('metric'),
          value: names.indexOf('value'),
          unit: names.indexOf('unit'),
        };
        const ok = col.time >= 0 && col.metric >= 0 && col.value >= 0;
        if (!ok) problems.add(S.metricsHeader(entry));
        return ok;
      },
      (cells) => {
        const t = cells === null ? NaN : parseTime(cells[col.time]);
        const name = cells === null ? null : metricName(cells[col.metric]);
        const value = cells === null ? NaN : parseNumber(cells[col.value]);
        if (cells === null || Number.isNaN(t) || name === null || Number.isNaN(value)) {
          skippedRows += 1;
          return;
        }
        let metric = metrics.get(name);
        if (metric === undefined) {
          if (metrics.size >= SL.maxMetrics) {
            tooMany = true;
            skippedRows += 1;
            return;
          }
          metric = {
            unit: col.unit < 0 ? '' : metricUnit(cells[col.unit]),
            writer: new SeriesWriter(folder, `metrics/m${metrics.size}`, metricShape),
          };
          metrics.set(name, metric);
        }
        const last = metric.writer.last;
        if (last !== null && t < last) {
          skippedRows += 1;
          return;
        }
        record[0] = t;
        record[1] = value;
        metric.writer.add(record);
      },
      drain,
      signal,
    );
  }
  if (tooMany) problems.add(S.tooManyMetrics(SL.maxMetrics));
  const series: MetricIndexMeta[] = [];
  for (const [name, m] of metrics) {
    series.push({ name, unit: m.unit, series: await m.writer.finish() });
  }
  series.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return { series, skippedRows, problems: problems.done() };
}

/**
 * Builds the index of a bundle into `folder` (exists, empty; `metrics/` made here) and returns
 * its metadata, written last as `index.json`.
 */
export async function buildSeriesIndex(
  source: IndexSource,
  folder: string,
  signal: AbortSignal,
): Promise<SeriesIndexMeta> {
  await mkdir(path.join(folder, 'metrics'), { recursive: true });
  const tracking = await indexTracking(source, folder, signal);
  const metrics = await indexMetrics(source, folder, signal);
  const meta: SeriesIndexMeta = {
    format: SERIES_INDEX_FORMAT,
    version: SERIES_INDEX_VERSION,
    tracking,
    metrics,
  };
  await writeFile(path.join(folder, INDEX_META_FILE), JSON.stringify(meta));
  return meta;
}
