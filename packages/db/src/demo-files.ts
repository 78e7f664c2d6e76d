import { deflateSync } from 'node:zlib';
import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from './client';
import { meters } from './schema/assets';
import { organisations } from './schema/core';
import { files, jobs } from './schema/organisation';

/** What the demo needs of the API's storage interface (apps/api/src/lib/storage.ts). */
export interface DemoStorage {
  put(key: string, data: Buffer): Promise<void>;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const byte of buf) c = (CRC_TABLE[(c ^ byte) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

type Rgb = [number, number, number];
/** A truecolour PNG drawn pixel by pixel: real image bytes without an image library. */
export function drawPng(width: number, height: number, pixel: (x: number, y: number) => Rgb): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x++) raw.set(pixel(x, y), row + 1 + x * 3);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A one-page PDF with a few lines of text, cross-reference offsets computed. */
export function simplePdf(lines: string[]): Buffer {
  const text = lines
    .map(
      (l, i) =>
        `BT /F1 ${i === 0 ? 18 : 11} Tf 60 ${760 - i * 24} Td (${l.replace(/[()\\]/g, '\\$&')}) Tj ET`,
    )
    .join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${Buffer.byteLength(text)} >>\nstream\n${text}\nendstream`,
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(Buffer.byteLength(out));
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out);
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** A building against the sky: windows in rows, a lawn in front. */
function buildingPhoto(hue: Rgb): Buffer {
  return drawPng(480, 320, (x, y) => {
    if (y > 260) return [86, 140, 70];
    const inBuilding = x > 110 && x < 370 && y > 90;
    if (!inBuilding) return [150 + Math.round(y / 4), 190 + Math.round(y / 8), 235];
    const window = (x - 130) % 40 < 22 && (y - 110) % 45 < 25 && x < 355 && y < 250;
    return window ? [200, 225, 240] : hue;
  });
}

/** The Demo Organisation's logo: a green leaf mark and a bar. */
function logoPng(): Buffer {
  return drawPng(240, 80, (x, y) => {
    const dx = (x - 40) / 28;
    const dy = (y - 40) / 18;
    if (dx * dx + dy * dy < 1 && Math.abs(x - 40 - (y - 40)) > 2) return [46, 139, 87];
    if (x > 84 && x < 224 && y > 30 && y < 50) return [38, 70, 83];
    return [255, 255, 255];
  });
}

const addDays = (day: string, n: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

/**
 * Demo files for the organisation and its first sites (one default image each), a logo, and jobs: dated
 * tasks around today, a contracted permanent job, and a current note on a data source.
 */
export async function seedDemoFiles(
  tx: DbOrTx,
  {
    organisationId,
    sites,
    today: day,
  }: { organisationId: number; sites: { id: number; name: string }[]; today: string },
  storage: DemoStorage,
) {
  const put = async (
    ownerType: 'organisation' | 'site',
    ownerId: number,
    filename: string,
    bytes: Buffer,
    defaultImage = false,
  ) => {
    const storageKey = `files/demo-${ownerType}-${ownerId}-${filename.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
    await storage.put(storageKey, bytes);
    const contentType = filename.endsWith('.pdf') ? 'application/pdf' : 'image/png';
    await tx.insert(files).values({
      organisationId,
      ownerType,
      ownerId,
      filename,
      contentType,
      sizeBytes: bytes.length,
      storageKey,
      defaultImage,
    });
  };

  await put('organisation', organisationId, 'Head office.png', buildingPhoto([176, 120, 90]), true);
  await put(
    'organisation',
    organisationId,
    'Energy audit summary.pdf',
    simplePdf([
      'Energy audit summary',
      'Scope: all sites, electricity and natural gas.',
      'Largest savings: lighting upgrades and boiler controls.',
      'Next review: twelve months from the audit date.',
    ]),
  );
  await put(
    'organisation',
    organisationId,
    'Site map.png',
    drawPng(320, 240, (x, y) => (((x >> 5) + (y >> 5)) % 2 ? [230, 236, 240] : [205, 220, 228])),
  );
  const hues: Rgb[] = [
    [120, 130, 150],
    [160, 110, 80],
  ];
  for (const [i, site] of sites.slice(0, 2).entries()) {
    await put('site', site.id, `${site.name}.png`, buildingPhoto(hues[i] as Rgb), true);
    await put(
      'site',
      site.id,
      'Meter room.png',
      drawPng(240, 180, (x, y) => (y > 120 ? [90, 90, 95] : x % 60 < 30 ? [200, 200, 190] : [180, 180, 170])),
    );
    await put(
      'site',
      site.id,
      'Single line diagram.pdf',
      simplePdf([`${site.name}: single line diagram`, 'Main switchboard, two sub-boards.']),
    );
  }

  const logoKey = `logos/demo-${organisationId}-png`;
  await storage.put(logoKey, logoPng());
  await tx.update(organisations).set({ logo: logoKey }).where(eq(organisations.id, organisationId));

  await tx.insert(jobs).values([
    {
      organisationId,
      dateFrom: '2024-01-01',
      text: 'Monthly bureau service: invoice validation and reporting (contracted)',
      permanent: true,
    },
    {
      organisationId,
      dateFrom: addDays(day, -20),
      dateTill: addDays(day, -6),
      text: 'Collect missing gas invoices from the retailer',
    },
    {
      organisationId,
      dateFrom: addDays(day, -3),
      dateTill: addDays(day, 11),
      text: 'Review the annual emissions report with the sustainability team',
    },
    { organisationId, dateFrom: addDays(day, 7), text: 'Schedule the lighting upgrade survey' },
  ]);
  const firstSite = sites[0];
  if (firstSite) {
    const [meter] = await tx
      .select({ id: meters.id })
      .from(meters)
      .where(and(eq(meters.siteId, firstSite.id), isNull(meters.deletedAt)))
      .orderBy(meters.id)
      .limit(1);
    if (meter) {
      await tx.insert(jobs).values({
        organisationId,
        meterId: meter.id,
        dateFrom: addDays(day, -10),
        text: 'Meter exchanged by the network; readings estimated until the new register is read',
      });
    }
  }
}
