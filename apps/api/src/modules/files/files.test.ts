import { createEntity, createMeter, createSite } from '@verdant/db/asset-factories';
import { createMember, createOrganisation } from '@verdant/db/factories';
import { organisations } from '@verdant/db/schema/core';
import { files } from '@verdant/db/schema/organisation';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
let now = new Date('2026-11-21T10:00:00Z');
const tokens: Record<string, string> = {};
let org: { id: number };
let otherOrg: { id: number };
let site: { id: number; organisationId: number };
let otherSite: { id: number; organisationId: number };
let png: Buffer;

beforeAll(async () => {
  t = await createTestApp({ clock: () => now });
  org = await createOrganisation(t.db, { name: 'Files Org' });
  otherOrg = await createOrganisation(t.db, { name: 'Other Files Org' });
  site = await createSite(t.db, org.id, { name: 'Depot' });
  otherSite = await createSite(t.db, otherOrg.id, { name: 'Elsewhere' });
  await createMember(t.db, org.id, { loginId: 'f.admin', accessId: 2, admin: true });
  await createMember(t.db, org.id, { loginId: 'f.editor', accessId: 3 });
  await createMember(t.db, org.id, { loginId: 'f.observer', accessId: 4 });
  await createMember(t.db, otherOrg.id, { loginId: 'f.outsider', accessId: 2, admin: true });
  for (const k of ['f.admin', 'f.editor', 'f.observer', 'f.outsider']) tokens[k] = await t.login(k);
  png = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#2a9d8f' } })
    .png()
    .toBuffer();
});
afterAll(async () => {
  await t.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (who: string, method: Method, url: string) =>
  t.app.inject({ method, url, headers: bearer(tokens[who] ?? '') });
const upload = (who: string, url: string, filename: string, body: Buffer) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: {
      ...bearer(tokens[who] ?? ''),
      'content-type': 'application/octet-stream',
      'x-filename': encodeURIComponent(filename),
    },
    payload: body,
  });
const list = async (url: string, who = 'f.admin') => (await call(who, 'GET', url)).json();
const rowCount = async () => (await t.db.select().from(files)).length;

describe('files of an organisation', () => {
  const at = () => `/api/organisations/${org.id}/files`;

  it('uploads, lists with a thumbnail, downloads through the direct link and deletes', async () => {
    const res = await upload('f.editor', at(), 'Plant room.png', png);
    expect(res.statusCode).toBe(200);
    const item = res.json();
    expect(item).toMatchObject({
      filename: 'Plant room.png',
      kind: 'image',
      defaultImage: false,
      sizeBytes: png.length,
    });
    const listed = await list(at());
    expect(listed.mayEdit).toBe(true);
    expect(listed.files.map((f: { id: number }) => f.id)).toEqual([item.id]);

    const download = await t.app.inject({ method: 'GET', url: item.downloadUrl });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('image/png');
    expect(download.headers['content-disposition']).toContain("filename*=UTF-8''Plant%20room.png");
    expect(download.rawPayload.equals(png)).toBe(true);

    const thumb = await t.app.inject({ method: 'GET', url: item.thumbnailUrl });
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
    const meta = await sharp(thumb.rawPayload).metadata();
    expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBeLessThanOrEqual(320);

    const del = await call('f.editor', 'DELETE', `${at()}/${item.id}`);
    expect(del.json()).toEqual({ success: true, message: 'Plant room.png deleted' });
    expect((await list(at())).files).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: item.downloadUrl })).statusCode).toBe(404);
  });

  it('keeps the user file name out of the storage key', async () => {
    const item = (await upload('f.editor', at(), '../../etc/passwd.pdf', Buffer.from('%PDF-1.4\n'))).json();
    expect(item.filename).toBe('.._.._etc_passwd.pdf');
    expect(item.kind).toBe('pdf');
    expect(item.thumbnailUrl).toBeNull();
    const [row] = await t.db.select().from(files).where(eq(files.id, item.id));
    expect(row?.storageKey).toMatch(/^files\/[0-9a-f-]{36}$/);
    await call('f.editor', 'DELETE', `${at()}/${item.id}`);
  });

  it('refuses files over 20 MB and types outside the allow-list, storing nothing', async () => {
    const before = await rowCount();
    const big = await upload('f.editor', at(), 'huge.pdf', Buffer.alloc(20 * 1024 * 1024 + 1, 1));
    expect(big.statusCode).toBe(400);
    expect(big.json().message).toBe('The file is larger than 20 MB.');
    const exe = await upload('f.editor', at(), 'tool.exe', Buffer.from('MZ'));
    expect(exe.statusCode).toBe(400);
    expect(exe.json().message).toBe(
      'Files of type exe cannot be uploaded.  Allowed types: png, bmp, jpg, jpeg, gif, pdf, csv, txt, xlsx, xls, docx, doc.',
    );
    const empty = await upload('f.editor', at(), 'empty.png', Buffer.alloc(0));
    expect(empty.json().message).toBe('The file is empty.');
    const unnamed = await upload('f.editor', at(), '', png);
    expect(unnamed.json().message).toBe('The file has no name.');
    expect(await rowCount()).toBe(before);
    const bigButFine = await upload(
      'f.editor',
      at(),
      'scan.pdf',
      Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(15 * 1024 * 1024, 1)]),
    );
    expect(bigButFine.statusCode).toBe(200);
    await call('f.editor', 'DELETE', `${at()}/${bigButFine.json().id}`);
  });

  it('sets the default image; replacing it keeps or deletes the old one', async () => {
    const a = (await upload('f.editor', at(), 'a.png', png)).json();
    const b = (await upload('f.editor', at(), 'b.png', png)).json();
    const pdf = (await upload('f.editor', at(), 'c.pdf', Buffer.from('%PDF-1.4\n'))).json();
    expect((await call('f.editor', 'PUT', `${at()}/${a.id}`)).json().defaultImage).toBe(true);
    const notImage = await call('f.editor', 'PUT', `${at()}/${pdf.id}`);
    expect(notImage.statusCode).toBe(400);
    expect(notImage.json().message).toBe(
      'Only an image (png, bmp, jpg, jpeg or gif) can be the default image.',
    );

    await call('f.editor', 'PUT', `${at()}/${b.id}?replace=keep`);
    let rows = (await list(at())).files;
    expect(
      rows.filter((f: { defaultImage: boolean }) => f.defaultImage).map((f: { id: number }) => f.id),
    ).toEqual([b.id]);
    expect(rows.map((f: { id: number }) => f.id)).toContain(a.id);

    await call('f.editor', 'PUT', `${at()}/${a.id}?replace=delete`);
    rows = (await list(at())).files;
    expect(rows[0]).toMatchObject({ id: a.id, defaultImage: true });
    expect(rows.map((f: { id: number }) => f.id)).not.toContain(b.id);

    const up = await upload('f.editor', `${at()}/default?replace=delete`, 'd.png', png);
    expect(up.json()).toMatchObject({ filename: 'd.png', defaultImage: true });
    rows = (await list(at())).files;
    expect(rows.map((f: { id: number }) => f.id).sort()).toEqual([pdf.id, up.json().id].sort());
    const pdfDefault = await upload('f.editor', `${at()}/default`, 'e.pdf', Buffer.from('%PDF'));
    expect(pdfDefault.json().message).toBe(
      'Only an image (png, bmp, jpg, jpeg or gif) can be the default image.',
    );
  });

  it('lets an observer read and download but not write', async () => {
    const listed = await list(at(), 'f.observer');
    expect(listed.mayEdit).toBe(false);
    const [first] = listed.files;
    expect((await t.app.inject({ method: 'GET', url: first.downloadUrl })).statusCode).toBe(200);
    expect((await upload('f.observer', at(), 'x.png', png)).statusCode).toBe(403);
    expect((await call('f.observer', 'PUT', `${at()}/${first.id}`)).statusCode).toBe(403);
    expect((await call('f.observer', 'DELETE', `${at()}/${first.id}`)).statusCode).toBe(403);
    expect((await list(at())).files).toHaveLength(listed.files.length);
  });

  it("refuses another organisation's user, who learns nothing", async () => {
    const [first] = (await list(at())).files;
    for (const res of [
      await call('f.outsider', 'GET', at()),
      await upload('f.outsider', at(), 'x.png', png),
      await call('f.outsider', 'DELETE', `${at()}/${first.id}`),
      await call('f.outsider', 'GET', `/api/sites/${site.id}/files`),
    ]) {
      expect([403, 404]).toContain(res.statusCode);
      expect(res.body).not.toContain(first.filename);
      expect(res.body).not.toContain('Depot');
    }
    // Their own site's id on our organisation's path finds nothing either.
    expect((await call('f.admin', 'GET', `/api/sites/${otherSite.id}/files`)).statusCode).toBe(404);
  });

  it('a direct link opens only its own file, and only until it expires', async () => {
    const [one, two] = (await list(at())).files;
    const token = one.downloadUrl.split('/')[3];
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/direct/${token}/files/${two.id}` })).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/direct/forged.abc/files/${one.id}` })).statusCode,
    ).toBe(404);
    now = new Date(now.getTime() + 61 * 60 * 1000);
    const late = await t.app.inject({ method: 'GET', url: one.downloadUrl });
    expect(late.statusCode).toBe(403);
    expect(late.json().message).toBe('This file link has expired.  Please reload the page.');
    now = new Date('2026-11-21T10:00:00Z');
  });
});

describe('files of sites and entities', () => {
  it('works per asset and keeps each asset to its own files', async () => {
    const entity = await createEntity(t.db, site, { name: 'Boiler' });
    const s = (await upload('f.editor', `/api/sites/${site.id}/files`, 'site.png', png)).json();
    const e = (await upload('f.editor', `/api/entities/${entity.id}/files`, 'entity.png', png)).json();
    expect((await list(`/api/sites/${site.id}/files`)).files.map((f: { id: number }) => f.id)).toEqual([
      s.id,
    ]);
    expect((await list(`/api/entities/${entity.id}/files`)).files.map((f: { id: number }) => f.id)).toEqual([
      e.id,
    ]);
    expect((await call('f.editor', 'DELETE', `/api/sites/${site.id}/files/${e.id}`)).statusCode).toBe(404);
    expect((await list(`/api/sites/${site.id}/files`, 'f.observer')).mayEdit).toBe(false);
    expect((await upload('f.observer', `/api/sites/${site.id}/files`, 'x.png', png)).statusCode).toBe(403);
  });
});

describe('organisation logo', () => {
  const at = () => `/api/organisations/${org.id}/logo`;

  it('administrators upload, replace and delete it; members see it', async () => {
    expect((await list(at())).logo).toBeNull();
    const first = await upload('f.admin', at(), 'logo.png', png);
    expect(first.statusCode).toBe(200);
    const seen = (await call('f.observer', 'GET', at())).json();
    expect(seen).toMatchObject({ mayEdit: false, logo: { contentType: 'image/png' } });
    const img = await t.app.inject({ method: 'GET', url: seen.logo.url });
    expect(img.statusCode).toBe(200);
    expect(img.rawPayload.equals(png)).toBe(true);

    const jpg = await sharp(png).jpeg().toBuffer();
    const replaced = (await upload('f.admin', at(), 'logo.jpg', jpg)).json();
    expect(replaced.logo.contentType).toBe('image/jpeg');
    expect((await t.app.inject({ method: 'GET', url: seen.logo.url })).statusCode).toBe(404);

    expect((await call('f.admin', 'DELETE', at())).json()).toEqual({ success: true });
    expect((await list(at())).logo).toBeNull();
    const [row] = await t.db.select().from(organisations).where(eq(organisations.id, org.id));
    expect(row?.logo).toBeNull();
  });

  it('refuses editors, observers and outsiders for writes, and non-images', async () => {
    expect((await upload('f.editor', at(), 'logo.png', png)).statusCode).toBe(403);
    expect((await upload('f.observer', at(), 'logo.png', png)).statusCode).toBe(403);
    expect((await call('f.editor', 'DELETE', at())).statusCode).toBe(403);
    const outsider = await call('f.outsider', 'GET', at());
    expect(outsider.statusCode).toBe(403);
    expect(outsider.body).not.toContain('logo');
    const pdf = await upload('f.admin', at(), 'logo.pdf', Buffer.from('%PDF'));
    expect(pdf.json().message).toBe('The logo must be an image (png, bmp, jpg, jpeg or gif).');
  });
});

describe('uploads checked against their content (docs/decisions/security.md)', () => {
  it('refuses a file whose bytes are not its type, for every kind of owner, storing nothing', async () => {
    const entity = await createEntity(t.db, site, { name: 'Checked boiler' });
    const meter = await createMeter(t.db, site, { localName: 'Checked meter' });
    const html = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');
    const owners = [
      `/api/organisations/${org.id}/files`,
      `/api/sites/${site.id}/files`,
      `/api/entities/${entity.id}/files`,
      `/api/meters/${meter.id}/files`,
    ];
    const before = await rowCount();
    for (const at of owners) {
      for (const [name, body] of [
        ['report.pdf', html],
        ['photo.png', html],
        ['sheet.xlsx', Buffer.from('%PDF-1.4\n')],
        ['notes.txt', png],
      ] as const) {
        const res = await upload('f.admin', at, name, body);
        expect(res.statusCode, `${at} ${name}`).toBe(400);
        expect(res.json().message).toBe(
          `The file is not a ${name.split('.').pop()} file: its content does not match its type`,
        );
      }
      expect((await upload('f.admin', at, 'real.pdf', Buffer.from('%PDF-1.4\n'))).statusCode).toBe(200);
    }
    expect(await rowCount()).toBe(before + owners.length);
    const logo = await upload('f.admin', `/api/organisations/${org.id}/logo`, 'logo.png', html);
    expect(logo.statusCode).toBe(400);
  });

  it('refuses a file name that disguises its type', async () => {
    const res = await upload(
      'f.admin',
      `/api/sites/${site.id}/files`,
      'Safe\u202Egnp.exe.pdf',
      Buffer.from('%PDF-1.4\n'),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'A name cannot contain invisible characters or characters that change the text direction',
    );
  });
});
