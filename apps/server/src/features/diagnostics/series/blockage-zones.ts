import type { Readable } from 'node:stream';
import type { BlockageZone } from '@aerie/contract';
import { BLOCKAGE_ZONES_ENTRY } from '@aerie/kdp';
import { CsvRecordReader, parseNumber } from './csv-records.js';
import { SERIES_MESSAGES as S } from './series.messages.js';

/** The blockage zones file is read when it is at most this big. */
const ZONES_MAX_BYTES = 64 * 1024;

/** A blockage zone of a row (docs/formats/kdp.md "Blockage zones"), or null when it is not one. */
function parseZone(cells: readonly string[], columns: readonly number[]): BlockageZone | null {
  const [azimuthStart, azimuthEnd, elevationStart, elevationEnd] = columns.map((c) =>
    parseNumber(cells[c]),
  ) as [number, number, number, number];
  const azimuth = (a: number) => a >= 0 && a <= 360;
  const elevation = (e: number) => e >= 0 && e <= 90;
  if (
    !azimuth(azimuthStart) ||
    !azimuth(azimuthEnd) ||
    !elevation(elevationStart) ||
    !elevation(elevationEnd) ||
    elevationStart > elevationEnd
  ) {
    return null;
  }
  return { azimuthStart, azimuthEnd, elevationStart, elevationEnd };
}

/**
 * The blockage zones of a bundle (spec 001 §3, docs/formats/kdp.md "Blockage zones"), read whole
 * (a small file: one larger than ZONES_MAX_BYTES is not read); what is not a zone is a problem.
 */
export async function readZones(
  source: { open(entryPath: string): Promise<Readable | null> },
  problems: { add(problem: string): void },
): Promise<BlockageZone[]> {
  const stream = await source.open(BLOCKAGE_ZONES_ENTRY);
  if (stream === null) return [];
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of stream) {
      size += (chunk as Buffer).length;
      if (size > ZONES_MAX_BYTES) {
        problems.add(S.zonesTooLarge(BLOCKAGE_ZONES_ENTRY, ZONES_MAX_BYTES / 1024));
        return [];
      }
      chunks.push(chunk as Buffer);
    }
  } finally {
    stream.destroy();
  }
  const zones: BlockageZone[] = [];
  let columns: number[] | null = null;
  let line = 0;
  const reader = new CsvRecordReader((cells) => {
    line += 1;
    if (columns === null) {
      const names = (cells ?? []).map((c) => c.trim());
      columns = ['azimuthStart', 'azimuthEnd', 'elevationStart', 'elevationEnd'].map((n) =>
        names.indexOf(n),
      );
      if (columns.some((c) => c < 0)) problems.add(S.zonesHeader(BLOCKAGE_ZONES_ENTRY));
      return;
    }
    if (columns.some((c) => c < 0)) return;
    const zone = cells === null ? null : parseZone(cells, columns);
    if (zone === null) problems.add(S.badZone(BLOCKAGE_ZONES_ENTRY, line));
    else zones.push(zone);
  });
  reader.write(Buffer.concat(chunks));
  reader.end();
  return zones;
}
