/**
 * Signal bands of spec 001 §9. Satellite (image strength): at or below -1.3, up to 1, up to 3,
 * up to 6, above 6 (five bands, 0 to 4). Cellular: at or below -20, -20 to -15, -15 to -10,
 * -10 and above (four bands, 0 to 3).
 *
 * NOTE: the spec gives the cellular middle bands as ranges; a value on a shared edge (-15)
 * goes to the lower band, as the satellite bands' "up to" does.
 */
export interface SignalBand {
  /** 0 is the weakest band. */
  level: number;
  /** How many bands the network has (the top level is `levels - 1`). */
  levels: number;
}

export const SATELLITE_SIGNAL_LEVELS = 5;
export const CELLULAR_SIGNAL_LEVELS = 4;

export function satelliteSignalBand(signal: number): SignalBand {
  let level: number;
  if (signal <= -1.3) level = 0;
  else if (signal <= 1) level = 1;
  else if (signal <= 3) level = 2;
  else if (signal <= 6) level = 3;
  else level = 4;
  return { level, levels: SATELLITE_SIGNAL_LEVELS };
}

export function cellularSignalBand(signal: number): SignalBand {
  let level: number;
  if (signal <= -20) level = 0;
  else if (signal <= -15) level = 1;
  else if (signal < -10) level = 2;
  else level = 3;
  return { level, levels: CELLULAR_SIGNAL_LEVELS };
}

/** A signal value as the spec displays it: in 'db', one decimal ("4.5 db"). */
export function formatSignal(signal: number): string {
  return `${signal.toFixed(1)} db`;
}
