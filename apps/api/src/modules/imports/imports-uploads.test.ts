import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auth, t, upload, useFixture } from './imports-csv.fixture';

/*
 * Data load uploads refused before any load: bad files, bad mappings, and files over 100 MB
 * (docs/decisions/imports.md). The world is ./imports-csv.fixture.ts.
 */

useFixture();

describe('data load uploads', () => {
  it('refuses a bad upload with the message and keeps nothing', async () => {
    const jobs = async () =>
      (await t.db.execute<{ n: number }>(sql`select count(*)::int as n from import_jobs`)).rows[0]?.n;
    const before = await jobs();
    // Any name is taken; the content decides: a PDF is not a data file whatever it is called.
    const pdf = await upload(
      'l.editor',
      'bill.pdf',
      Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<<>>\nendobj\n', 'latin1'),
    );
    expect(pdf.json().message).toBe(
      'The file is not a text file (CSV, NEM12, EIEP or XML) or a zip archive of them.',
    );
    expect((await upload('l.editor', 'empty.csv', '')).json().message).toBe('The file is empty.');
    const mapping = await upload('l.editor', 'a.csv', 'a,b\n1,2\n', { mapping: '{"meter":""}' });
    expect(mapping.json().message).toBe('Choose the column that names the data source.');
    expect((await upload('l.editor', 'a.csv', 'a,b\n', { format: 'xlsx' })).statusCode).toBe(400);
    expect(await jobs()).toBe(before);
  });

  it('refuses a 200 MB file at once by its length, and a longer stream once it passes 100 MB', async () => {
    const declared = await t.app.inject({
      method: 'POST',
      url: '/api/jobs/meter-load',
      headers: {
        ...auth('l.editor'),
        'content-type': 'text/csv',
        'x-filename': 'big.csv',
        'content-length': String(200 * 1024 * 1024),
      },
      payload: 'ICP,Start,kWh\n',
    });
    expect(declared.statusCode).toBe(400);
    expect(declared.json().message).toBe(
      'The file is larger than 100 MB, the most an import takes. Split it into smaller files.',
    );
    let sent = 0;
    const chunk = Buffer.alloc(1024 * 1024, 'a');
    const endless = new Readable({
      read() {
        sent += 1;
        this.push(sent > 101 ? null : chunk);
      },
    });
    const streamed = await upload('l.editor', 'big.csv', endless);
    expect(streamed.statusCode).toBe(400);
    expect(streamed.json().message).toContain('larger than 100 MB');
    const jobs = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from import_jobs where filename = 'big.csv'`,
    );
    expect(jobs.rows[0]?.n).toBe(0);
  });
});
