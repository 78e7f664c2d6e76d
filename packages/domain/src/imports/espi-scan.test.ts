import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LineEnds, lineBreaks, readIntervalReading } from './espi-scan';
import { parseGreenButton } from './green-button';
import { chunks, collect } from './testing';
import { type ImportEvent, runReadings } from './types';

/** The shared real-world samples beside the repository (../shared/fixtures/imports), read where they are. */
const SAMPLES = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../../shared/fixtures/imports/green-button',
);
/** The events with each run of readings (a block's plain readings, espi-runs.ts) as its readings one by one. */
const parse = async (text: string, size?: number) =>
  (
    await collect(parseGreenButton(size ? chunks(text, size) : [text], { timeZone: 'America/New_York' }))
  ).flatMap((e): ImportEvent[] =>
    e.kind === 'readings' ? runReadings(e.run).map((reading) => ({ kind: 'reading', reading })) : [e],
  );
/** The same XML with an empty comment before each IntervalReading: the XML parser reads every one of them. */
const throughSaxes = (text: string) => text.replace(/<((?:\w+:)?IntervalReading>)/g, '<!----><$1');

const ELEMENT = `<IntervalReading>
          <cost>819</cost>
          <timePeriod>
            <duration>3600</duration>
            <start>1388552400</start>
            <!-- 1/1/2014 5:00:00 AM  -->
          </timePeriod>
          <value>273</value>
        </IntervalReading>`;

describe("Green Button's IntervalReading read past the XML parser", () => {
  it.each(readdirSync(SAMPLES).filter((f) => f.endsWith('.xml')))(
    '%s: the same events as the XML parser gives, whole and in pieces of 7 and 4096 bytes',
    async (file) => {
      const text = readFileSync(path.join(SAMPLES, file), 'utf8');
      const expected = await parse(throughSaxes(text));
      expect(expected.some((e) => e.kind === 'reading' || e.kind === 'period')).toBe(true);
      expect(await parse(text)).toEqual(expected);
      expect(await parse(text, 7)).toEqual(expected);
      expect(await parse(text, 4096)).toEqual(expected);
      const crlf = text.replace(/\n/g, '\r\n');
      expect(await parse(crlf, 7)).toEqual(await parse(throughSaxes(crlf)));
    },
  );

  it('gathers plain readings in runs with their own lines and flags; other figures go the general way', async () => {
    const text = readFileSync(path.join(SAMPLES, 'TestGBDataHourlyNineDaysBinnedDaily.xml'), 'utf8');
    let n = 0;
    // Every 5th reading estimated (code 8), every 7th with a leading zero, every 11th of an unknown code, every
    // 13th 7 minutes long, every 17th a gap in the block (so its run ends).
    const odd = text.replace(
      /<timePeriod>\s*<duration>3600<\/duration>\s*<start>(\d+)<\/start>/g,
      (all, start) => {
        n += 1;
        if (n % 7 === 0) return all.replace('<duration>3600', '<duration>03600');
        if (n % 11 === 0) return `<ReadingQuality><quality>99</quality></ReadingQuality>${all}`;
        if (n % 13 === 0) return all.replace('<duration>3600', '<duration>420');
        if (n % 17 === 0) return all.replace(start, String(Number(start) + 60));
        return n % 5 === 0 ? `<ReadingQuality><quality>8</quality></ReadingQuality>${all}` : all;
      },
    );
    const fast = await collect(parseGreenButton([odd], { timeZone: 'America/New_York' }));
    const runs = fast.flatMap((e) => (e.kind === 'readings' ? [e.run] : []));
    expect(runs.length).toBeGreaterThan(9);
    expect(runs.some((r) => r.qualities?.includes('E') && r.qualities.includes('A'))).toBe(true);
    expect(fast.some((e) => e.kind === 'refused')).toBe(true);
    expect(await parse(odd)).toEqual(await parse(throughSaxes(odd)));
    expect(await parse(odd, 7)).toEqual(await parse(throughSaxes(odd)));
  });

  it('reads the usual shape, comments between its elements included', () => {
    expect(readIntervalReading(ELEMENT, 0, '', 7)).toEqual({
      end: ELEMENT.length,
      reading: { line: 7, start: '1388552400', duration: '3600', value: '273', quality: '0' },
    });
    const prefixed =
      '<espi:IntervalReading><espi:ReadingQuality><espi:quality>8</espi:quality></espi:ReadingQuality><espi:timePeriod><espi:duration>900</espi:duration><espi:start>60</espi:start></espi:timePeriod><espi:value>-1.5</espi:value></espi:IntervalReading>';
    expect(readIntervalReading(prefixed, 0, 'espi:', 1).reading).toEqual({
      line: 1,
      start: '60',
      duration: '900',
      value: '-1.5',
      quality: '8',
    });
    expect(readIntervalReading(ELEMENT.slice(0, -10), 0, '', 1)).toEqual({ end: -1, reading: null });
  });

  it('leaves any other shape to the XML parser: entities, CDATA, attributes, other elements', () => {
    for (const odd of [
      ELEMENT.replace('273', '2&#55;3'),
      ELEMENT.replace(/<!--.*-->/, '').replace('273', '2&#55;3'),
      ELEMENT.replace('273', '<![CDATA[273]]>'),
      ELEMENT.replace('<value>', '<value unit="Wh">'),
      ELEMENT.replace('<value>273</value>', '<value>273</value><tou>1</tou>'),
      ELEMENT.replace('<cost>819</cost>', ''), // still the usual shape: cost is optional
    ])
      expect(readIntervalReading(odd, 0, '', 1).reading === null).toBe(!odd.includes('<value>273</value>\n'));
  });

  it('never reads an IntervalReading inside a comment or CDATA of an IntervalBlock', async () => {
    const file = readFileSync(path.join(SAMPLES, 'gas_direct.xml'), 'utf8');
    const plain = ELEMENT.replace(/<!--.*-->/, '');
    for (const wrap of [`<!-- ${plain} -->`, `<![CDATA[ ${plain} ]]>`]) {
      const odd = file.replace('<IntervalReading>', `${wrap}<IntervalReading>`);
      const slow = throughSaxes(file).replace('<IntervalReading>', `${wrap}<IntervalReading>`);
      expect(await parse(odd)).toEqual(await parse(slow));
      expect(await parse(odd, 7)).toEqual(await parse(slow));
      expect((await parse(odd)).filter((e) => e.kind === 'period')).toHaveLength(
        (await parse(file)).filter((e) => e.kind === 'period').length,
      );
    }
  });
});

describe('line ends counted range by range', () => {
  it('counts CRLF, LF and CR alone as lineBreaks does, a CRLF cut between two ranges once', () => {
    const text = 'a\r\nb\nc\rd\r\r\n\n<x>\r\ny\r';
    // Every cut of the text into consecutive ranges at 0..3 points agrees with lineBreaks over the same ranges.
    for (let i = 0; i <= text.length; i++)
      for (let j = i; j <= text.length; j++) {
        const ends = new LineEnds(text);
        const counted = [ends.between(0, i), ends.between(i, j), ends.between(j, text.length)];
        expect(counted).toEqual([lineBreaks(text, 0, i), lineBreaks(text, i, j), lineBreaks(text, j)]);
      }
    // By hand: CRLF, LF, CR, CR, CRLF, LF, CRLF, CR = 8 line ends.
    expect(new LineEnds(text).between(0, text.length)).toBe(8);
  });
});
