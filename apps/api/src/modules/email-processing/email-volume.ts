import { createMeter, createSite } from '@verdant/db/asset-factories';
import type { Db } from '@verdant/db/client';
import { sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';

/*
 * Many small messages through the real listener (the "1,000 messages in a minute"), shared by the volume
 * test (100 messages) and the bench (1,000): one CSV invoice each, on meters of their own so that no two overlap.
 */

const MONTHS_PER_METER = 20;

/** Meters enough for `count` monthly invoices from January 2024, named `<prefix> <k>`. */
export async function volumeMeters(
  db: Db,
  organisationId: number,
  energyId: number,
  unitId: number,
  count: number,
) {
  const site = await createSite(db, organisationId, { name: 'Volume site' });
  const names: string[] = [];
  for (let k = 0; k < Math.ceil(count / MONTHS_PER_METER); k++) {
    const localName = `Volume meter ${k}`;
    await createMeter(db, site, {
      localName,
      account: `VOL-${k}`,
      meterOpen: '2023-01-01',
      energyId,
      unitId,
    });
    names.push(localName);
  }
  return names;
}

/** The n-th message's CSV: one invoice of one month on its meter. */
export function volumeCsv(n: number, meters: string[]) {
  const meter = meters[Math.floor(n / MONTHS_PER_METER)];
  const month = n % MONTHS_PER_METER;
  const from = new Date(Date.UTC(2024, month, 1));
  const till = new Date(Date.UTC(2024, month + 1, 0));
  const day = (d: Date) => d.toISOString().slice(0, 10);
  return `Meter,Invoice Number,From,Till,Consumption,Cost\n${meter},VOL-${n},${day(from)},${day(till)},${500 + n},${(80 + n / 100).toFixed(2)}\n`;
}

/**
 * Sends `count` messages to the listener over `connections` pooled SMTP connections; the answers' times from the
 * first send, and the replies that were not 250.
 */
export async function sendVolume(o: {
  port: number;
  to: string;
  from: string;
  count: number;
  meters: string[];
  connections?: number;
}) {
  const transport = nodemailer.createTransport({
    host: '127.0.0.1',
    port: o.port,
    secure: false,
    ignoreTLS: true,
    pool: true,
    maxConnections: o.connections ?? 5,
    maxMessages: Number.POSITIVE_INFINITY,
  });
  const refused: string[] = [];
  const started = Date.now();
  try {
    await Promise.all(
      Array.from({ length: o.count }, async (_, n) => {
        try {
          const sent = await transport.sendMail({
            from: o.from,
            to: o.to,
            subject: `Invoice VOL-${n}`,
            text: 'Attached.',
            attachments: [
              { filename: `vol-${n}.csv`, content: volumeCsv(n, o.meters), contentType: 'text/csv' },
            ],
          });
          if (!sent.response.startsWith('250')) refused.push(`${n}: ${sent.response}`);
        } catch (error) {
          refused.push(`${n}: ${error instanceof Error ? error.message : error}`);
        }
      }),
    );
  } finally {
    transport.close();
  }
  return { seconds: (Date.now() - started) / 1000, refused };
}

/** How the organisation's messages and items stand: stored, and items by state. */
export async function volumeCounts(db: Db, organisationId: number) {
  const rows = await db.execute<{ messages: number; items: number; state: string | null; n: number }>(sql`
    select (select count(*)::int from email_messages where organisation_id = ${organisationId}) as messages,
      (select count(*)::int from email_items where organisation_id = ${organisationId}) as items,
      i.state, count(i.id)::int as n
    from email_items i where i.organisation_id = ${organisationId} group by i.state`);
  const byState: Record<string, number> = {};
  for (const r of rows.rows) if (r.state) byState[r.state] = r.n;
  return { messages: rows.rows[0]?.messages ?? 0, items: rows.rows[0]?.items ?? 0, byState };
}

/** Waits until no item of the organisation is pending (or the time is up); the counts then. */
export async function untilProcessed(db: Db, organisationId: number, expected: number, ms: number) {
  const until = Date.now() + ms;
  for (;;) {
    const counts = await volumeCounts(db, organisationId);
    const done = counts.items >= expected && !counts.byState.pending;
    if (done || Date.now() > until) return counts;
    await new Promise((r) => setTimeout(r, 250));
  }
}
