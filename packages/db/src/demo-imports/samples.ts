import { fileURLToPath } from 'node:url';
import { localDayBounds } from '@verdant/domain/time-zone';
import { type DemoSmartMeterName, demoDemandKw } from '../demo-load-profiles';
import { type Nem12Day, nem12Figure, nem12Lines } from './nem12-lines';

/**
 * The sample import files the repository ships (docs/decisions/formats.md, Sample files), written by us for
 * the demo organisation's smart meters, which they name by ICP (the import matches a meter by local name,
 * meter number or ICP): a NEM12 file for September 2025, an EIEP3 file for September 2025 (28 September has
 * 46 trading periods: daylight time starts), a Green Button file for 1-7 August 2025 (half-hourly), and a
 * NEM12 file with five bad rows for the error report. The figures follow the demo's own half-hour data: its
 * buildings' models (demo-load-profiles.ts).
 * `node --import tsx packages/db/src/demo-imports/write-samples.ts` writes them again; a test checks the
 * files are what this module writes.
 */

export const DEMO_SMART_METERS = {
  civicLibrary: { name: 'Civic Library Smart meter', icp: '1002079287WE-704' },
  southernDepot: { name: 'Southern Depot Smart meter', icp: '1002083460WE-DAE' },
  evChargers: { name: 'Head Office EV chargers', icp: '1002087633WE-5E1' },
} as const;

export const SAMPLE_FILES = {
  nem12: 'nem12-smart-meters-2025-09.csv',
  eiep3: 'eiep3-ev-chargers-2025-09.csv',
  greenButton: 'green-button-civic-library-2025-08.xml',
  nem12BadRows: 'nem12-bad-rows-2025-10.csv',
} as const;

/** Where a sample file is in the repository. */
export const sampleFilePath = (name: string) => fileURLToPath(new URL(name, import.meta.url));

const NZST_MS = 12 * 3_600_000;
const DAY_MS = 86_400_000;

/** kWh over an interval: the demo meter's demand (its building's model) sampled each minute, times its length. */
function energy(startMs: number, minutes: number, meter: DemoSmartMeterName): number {
  let kw = 0;
  for (let m = 0; m < minutes; m++) kw += demoDemandKw(meter, startMs + m * 60_000);
  return Math.round((kw / minutes) * (minutes / 60) * 1000) / 1000;
}

const dates = (from: string, days: number) =>
  Array.from({ length: days }, (_, i) =>
    new Date(Date.parse(`${from}T00:00:00Z`) + i * DAY_MS).toISOString().slice(0, 10),
  );
const AEST_MS = 10 * 3_600_000;

function nem12Days(
  meter: DemoSmartMeterName,
  minutes: 15 | 30,
  from: string,
  count: number,
  special: Record<string, Partial<Nem12Day>>,
) {
  return dates(from, count).map((date): Nem12Day => {
    const start = Date.parse(`${date}T00:00:00Z`) - AEST_MS;
    const values = Array.from({ length: 1440 / minutes }, (_, i) =>
      energy(start + i * minutes * 60_000, minutes, meter),
    );
    const day = { date, values, ...special[date] };
    // Null (N) intervals carry 0.
    for (const [first, last, method] of day.ranges ?? [])
      if (method === 'N') for (let i = first - 1; i < last; i++) values[i] = 0;
    return day;
  });
}

export function nem12Sample(): string {
  const { civicLibrary, southernDepot } = DEMO_SMART_METERS;
  const lines = nem12Lines([
    {
      nmi: civicLibrary.icp,
      suffix: 'E1',
      serial: 'LG79287',
      minutes: 30,
      days: nem12Days(civicLibrary.name, 30, '2025-09-01', 30, {
        '2025-09-09': { method: 'E52' },
        '2025-09-10': { method: 'E52' },
        '2025-09-15': {
          method: 'V',
          ranges: [
            [1, 20, 'A'],
            [21, 30, 'E52'],
            [31, 48, 'A'],
          ],
        },
      }),
    },
    {
      nmi: southernDepot.icp,
      suffix: 'E1',
      serial: 'LG83460',
      minutes: 15,
      days: nem12Days(southernDepot.name, 15, '2025-09-01', 30, {
        '2025-09-12': { method: 'S53' },
        '2025-09-20': {
          method: 'V',
          ranges: [
            [1, 40, 'A'],
            [41, 44, 'N'],
            [45, 96, 'A'],
          ],
        },
      }),
    },
  ]);
  return [...lines].join('');
}

export function eiep3Sample(): string {
  const { evChargers } = DEMO_SMART_METERS;
  const rows: string[] = [];
  for (const date of dates('2025-09-01', 30)) {
    const { startMs, endMs } = localDayBounds('Pacific/Auckland', date);
    const shown = `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;
    const type = date === '2025-09-17' || date === '2025-09-18' ? 'E' : 'F';
    for (let p = 1; startMs + (p - 1) * 1_800_000 < endMs; p++) {
      const kwh = energy(startMs + (p - 1) * 1_800_000, 30, evChargers.name);
      rows.push(`DET,${evChargers.icp},1,${type},${shown},${p},${nem12Figure(kwh)},,,X,\n`);
    }
  }
  return `HDR,ICPHH,10.0,VMEP,,VRDT,01/10/2025,08:00:00,EV202509A,${rows.length},202509,E,I\n${rows.join('')}`;
}

export function greenButtonSample(): string {
  const { civicLibrary } = DEMO_SMART_METERS;
  const base = 'https://greenbutton.example.org/DataCustodian/espi/1_1/resource/Subscription/1';
  const entry = (self: string, content: string, extra = '') =>
    `  <entry>\n    <id>urn:uuid:verdant-demo-${self.replaceAll('/', '-').toLowerCase()}</id>\n    <link rel="self" href="${base}/${self}"/>\n${extra}    <content>\n${content}\n    </content>\n    <updated>2025-08-15T00:00:00Z</updated>\n  </entry>\n`;
  const blocks = dates('2025-08-01', 7).map((date, d) => {
    const start = Date.parse(`${date}T00:00:00Z`) - NZST_MS;
    const readings = Array.from({ length: 48 }, (_, hh) => {
      const at = start + hh * 1_800_000;
      const wh = Math.round(energy(at, 30, civicLibrary.name) * 1000);
      const estimated = date === '2025-08-05' && hh >= 28 && hh < 32;
      const quality = estimated ? '<ReadingQuality><quality>8</quality></ReadingQuality>' : '';
      return `        <IntervalReading>${quality}<timePeriod><duration>1800</duration><start>${at / 1000}</start></timePeriod><value>${wh}</value></IntervalReading>`;
    });
    const content = `      <IntervalBlock xmlns="http://naesb.org/espi">\n        <interval><duration>86400</duration><start>${start / 1000}</start></interval>\n${readings.join('\n')}\n      </IntervalBlock>`;
    return entry(
      `UsagePoint/1/MeterReading/1/IntervalBlock/${d + 1}`,
      content,
      `    <link rel="up" href="${base}/UsagePoint/1/MeterReading/1/IntervalBlock"/>\n`,
    );
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>\n<feed xmlns="http://www.w3.org/2005/Atom">\n',
    '  <id>urn:uuid:verdant-demo-green-button</id>\n  <title>Green Button usage feed</title>\n  <updated>2025-08-15T00:00:00Z</updated>\n',
    entry(
      'UsagePoint/1',
      '      <UsagePoint xmlns="http://naesb.org/espi"><ServiceCategory><kind>0</kind></ServiceCategory></UsagePoint>',
      `    <link rel="related" href="${base}/UsagePoint/1/MeterReading"/>\n    <title>${civicLibrary.icp}</title>\n`,
    ),
    entry(
      'LocalTimeParameters/1',
      '      <LocalTimeParameters xmlns="http://naesb.org/espi"><dstEndRule>B40E2000</dstEndRule><dstOffset>3600</dstOffset><dstStartRule>360E2000</dstStartRule><tzOffset>43200</tzOffset></LocalTimeParameters>',
    ),
    entry(
      'UsagePoint/1/MeterReading/1',
      '      <MeterReading xmlns="http://naesb.org/espi"/>',
      `    <link rel="related" href="${base}/ReadingType/1"/>\n`,
    ),
    entry(
      'ReadingType/1',
      '      <ReadingType xmlns="http://naesb.org/espi"><accumulationBehaviour>4</accumulationBehaviour><commodity>1</commodity><currency>554</currency><dataQualifier>12</dataQualifier><flowDirection>1</flowDirection><intervalLength>1800</intervalLength><kind>12</kind><phase>769</phase><powerOfTenMultiplier>0</powerOfTenMultiplier><timeAttribute>0</timeAttribute><uom>72</uom></ReadingType>',
    ),
    ...blocks,
    '</feed>\n',
  ].join('');
}

/** Southern Depot, 1-7 October 2025, with five bad rows (lines 4, 6, 7, 8 and 11) for the error report. */
export function nem12BadRowsSample(): string {
  const { southernDepot } = DEMO_SMART_METERS;
  const days = nem12Days(southernDepot.name, 30, '2025-10-01', 7, {});
  const day300 = (i: number) => `300,${(days[i] as Nem12Day).date.replaceAll('-', '')}`;
  const good = (i: number) =>
    [...nem12Lines([{ nmi: 'x', suffix: 'E1', minutes: 30, days: [days[i] as Nem12Day] }])][2] as string;
  return [
    '100,NEM12,202510080600,VERDANTMDP,VERDANT\n',
    `200,${southernDepot.icp},E1,1,E1,N1,LG83460,kWh,30,\n`,
    good(0),
    good(1).replace(/,[^,]+,A,/, ',A,'), // one value short
    good(2),
    good(3).replace(day300(3), '300,20251032'), // no 32 October
    good(3).replace(/^(300,\d+,[^,]+,[^,]+,)[^,]+/, '$112.x5'), // not a number
    good(4).replace(',A,', ',Q,'), // no quality Q
    good(5).replace(',A,', ',V,'),
    '400,1,44,A,,\n',
    '400,45,50,E52,,\n', // past the day's 48 intervals
    good(6),
    '900\n',
  ].join('');
}

export const SAMPLES: Record<string, () => string> = {
  [SAMPLE_FILES.nem12]: nem12Sample,
  [SAMPLE_FILES.eiep3]: eiep3Sample,
  [SAMPLE_FILES.greenButton]: greenButtonSample,
  [SAMPLE_FILES.nem12BadRows]: nem12BadRowsSample,
};
