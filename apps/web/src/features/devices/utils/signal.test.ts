import { describe, expect, it } from 'vitest';
import { cellularSignalBand, formatSignal, satelliteSignalBand } from './signal';

describe('satellite signal bands (spec 001 §9)', () => {
  it.each([
    [-5, 0],
    [-1.3, 0],
    [-1.29, 1],
    [1, 1],
    [1.01, 2],
    [3, 2],
    [3.5, 3],
    [6, 3],
    [6.01, 4],
    [14, 4],
  ])('puts %d in band %d of five', (signal, level) => {
    expect(satelliteSignalBand(signal)).toEqual({ level, levels: 5 });
  });
});

describe('cellular signal bands (spec 001 §9)', () => {
  it.each([
    [-30, 0],
    [-20, 0],
    [-19.9, 1],
    [-15, 1],
    [-14.9, 2],
    [-10.1, 2],
    [-10, 3],
    [-3, 3],
  ])('puts %d in band %d of four', (signal, level) => {
    expect(cellularSignalBand(signal)).toEqual({ level, levels: 4 });
  });
});

describe('formatSignal', () => {
  it("displays values in 'db'", () => {
    expect(formatSignal(4.5)).toBe('4.5 db');
    expect(formatSignal(-12)).toBe('-12.0 db');
  });
});
