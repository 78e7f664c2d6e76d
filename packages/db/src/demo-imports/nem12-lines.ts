/**
 * Writes NEM12 text line by line (each line ends in '\n'), for the demo's sample files and the bench's large
 * file. Nothing is collected: a caller streams the lines to disk.
 */

export interface Nem12Day {
  /** yyyy-MM-dd. */
  date: string;
  values: readonly number[];
  /** The 300 record's quality method: A, E52, S53, V, ... */
  method?: string;
  /** 400 records: first and last interval (1-based) and their quality method. */
  ranges?: readonly [number, number, string][];
}

export interface Nem12Stream {
  nmi: string;
  suffix: string;
  serial?: string;
  uom?: string;
  minutes: 5 | 15 | 30;
  days: Iterable<Nem12Day>;
}

/** A NEM12 figure with at most three decimals and no trailing zeros. */
export const nem12Figure = (value: number) => String(Math.round(value * 1000) / 1000);

const compact = (date: string) => date.replaceAll('-', '');

export function* nem12Lines(
  streams: Iterable<Nem12Stream>,
  { created = '202510010600', from = 'VERDANTMDP', to = 'VERDANT' } = {},
): Generator<string> {
  yield `100,NEM12,${created},${from},${to}\n`;
  for (const s of streams) {
    yield `200,${s.nmi},${s.suffix},1,${s.suffix},N1,${s.serial ?? ''},${s.uom ?? 'kWh'},${s.minutes},\n`;
    for (const day of s.days) {
      const updated = `${compact(day.date)}235900`;
      yield `300,${compact(day.date)},${day.values.map(nem12Figure).join(',')},${day.method ?? 'A'},,,${updated},\n`;
      for (const [first, last, method] of day.ranges ?? []) yield `400,${first},${last},${method},,\n`;
    }
  }
  yield '900\n';
}
