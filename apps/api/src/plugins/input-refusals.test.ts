import { readdirSync, readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { INPUT_MESSAGES, isCalendarDate } from '@verdant/contracts/common';
import { USER_MESSAGES } from '@verdant/contracts/users';
import { createMember, createOrganisation, createUser } from '@verdant/db/factories';
import { seedReferenceData } from '@verdant/db/reference-seed';
import { sites } from '@verdant/db/schema/assets';
import { MSG } from '@verdant/domain/messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../testing/test-app';
import { refusalOfDatabaseError } from './errors';

/*
 * No input answers 500 (docs/decisions/api-conventions.md, Database refusals answer 4xx); every refusal is
 * the one error shape.
 */
let t: TestApp;
let org: { id: number };
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  await seedReferenceData(t.db);
  org = await createOrganisation(t.db, { name: 'Refusals Org' });
  await createMember(t.db, org.id, { loginId: 'refusals.admin', accessId: 2, admin: true });
  token = await t.login('refusals.admin');
});
afterAll(async () => {
  await t?.close();
});

const expectShape = (body: Record<string, unknown>) => {
  expect(body.success).toBe(false);
  expect(typeof body.message).toBe('string');
  expect(typeof body.code).toBe('string');
  expect(typeof body.requestId).toBe('string');
};

describe('the shared contract primitives', () => {
  it('are what every contract builds its text and whole numbers from', () => {
    const dir = path.resolve(import.meta.dirname, '../../../../packages/contracts/src');
    const offenders: string[] = [];
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts') && f !== 'common.ts')) {
      const source = readFileSync(path.join(dir, file), 'utf8');
      source.split('\n').forEach((line, i) => {
        if (/\bz\s*\.string\(|\bz\.coerce\s*\.number\(\)\s*\.int\(|\bz\.number\([^)]*\)\s*\.int\(/.test(line))
          offenders.push(`${file}:${i + 1}: ${line.trim()}`);
      });
    }
    // Use text(), int4(), int4Param(), idNumber() and calendarDate() from common.ts instead.
    expect(offenders).toEqual([]);
  });

  it('know the calendar', () => {
    for (const good of ['2024-02-29', '2023-12-31', '0001-01-01', '9999-12-31'])
      expect(isCalendarDate(good)).toBe(true);
    for (const bad of [
      '2024-02-30',
      '2023-02-29',
      '2024-13-01',
      '0000-00-00',
      '2024-04-31',
      '24-01-01',
      '1900-02-29',
    ])
      expect(isCalendarDate(bad)).toBe(false);
  });
});

describe('no input answers 500', () => {
  it('refuses a NUL byte in the public sign-in call with a field message', async () => {
    for (const payload of [
      { username: 'refusals.admin\u0000', password: 'x' },
      { username: 'refusals.admin', password: 'Verdant-test-1\u0000' },
    ]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/public/login', payload });
      expect(res.statusCode).toBe(400);
      expectShape(res.json());
      expect(res.json().message).toBe(INPUT_MESSAGES.nul);
      expect(Object.values(res.json().fields).flat()).toContain(INPUT_MESSAGES.nul);
    }
  });

  it('refuses integers beyond a 32-bit column, including the public direct-link path', async () => {
    for (const url of [
      '/api/direct/abc.def/files/2147483648',
      '/api/direct/abc.def/logo/99999999999',
      '/api/direct/abc.def/files/-2147483649',
    ]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(400);
      expectShape(res.json());
      expect(res.json().fields).toBeDefined();
    }
    const res = await t.app.inject({ url: `/api/organisations/2147483648/sites`, headers: bearer(token) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(INPUT_MESSAGES.intRange);
  });

  it('refuses impossible calendar dates that match the pattern, and writes nothing', async () => {
    for (const openDate of ['2024-02-30', '2024-13-01', '0000-00-00']) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/organisations/${org.id}/new-site`,
        headers: bearer(token),
        payload: { name: `Bad date ${openDate}`, region: 9, openDate },
      });
      expect(res.statusCode, openDate).toBe(400);
      expect(res.json().fields.openDate).toEqual([MSG.siteOpenDateFormat]);
    }
    expect(await t.db.select().from(sites).where(eq(sites.organisationId, org.id))).toEqual([]);
  });

  it('answers 20 concurrent creations of one site name with one site and the spec message, never 500', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.app.inject({
          method: 'POST',
          url: `/api/organisations/${org.id}/new-site`,
          headers: bearer(token),
          payload: { name: 'Race Track', region: 9, openDate: '2024-05-12' },
        }),
      ),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    for (const a of answers.filter((x) => x.statusCode !== 200)) {
      expect(a.statusCode).toBe(400);
      expect(a.json().message).toBe(MSG.siteNameInUse);
      expect(a.json().fields).toEqual({ name: [MSG.siteNameInUse] });
    }
    const rows = await t.db.select().from(sites).where(eq(sites.organisationId, org.id));
    expect(rows.map((r) => r.name)).toEqual(['Race Track']);
  });

  it('answers concurrent creations of one organisation name and one person with the spec messages', async () => {
    await createUser(t.db, { loginId: 'refusals.root', productAdmin: true });
    const root = await t.login('refusals.root');
    const orgs = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/organisations',
          headers: bearer(root),
          payload: { name: 'Race Organisation' },
        }),
      ),
    );
    expect(orgs.filter((a) => a.statusCode === 200)).toHaveLength(1);
    for (const a of orgs.filter((x) => x.statusCode !== 200)) {
      expect(a.statusCode).toBe(400);
      expect(a.json().message).toBe(MSG.organisationNameInUse);
    }
    const people = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/users/create',
          headers: bearer(token),
          payload: { email: 'racer@example.test', userId: `racer.${i}`, firstName: 'Rae', surname: 'Cer' },
        }),
      ),
    );
    const statuses = people.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    for (const a of people.filter((x) => x.statusCode !== 200)) {
      expect(a.statusCode).toBe(400);
      expect(a.json().message).toBe(USER_MESSAGES.emailInUse);
    }
  });

  it('maps what PostgreSQL refuses to a 4xx, through the drizzle wrapper', () => {
    const wrapped = (code: string, constraint?: string) => ({
      message: 'Failed query',
      cause: { code, constraint, severity: 'ERROR' },
    });
    expect(refusalOfDatabaseError(wrapped('23505', 'sites_organisation_name_unique'))?.message).toBe(
      MSG.siteNameInUse,
    );
    expect(refusalOfDatabaseError(wrapped('23505', 'something_else'))?.status).toBe(409);
    expect(refusalOfDatabaseError(wrapped('23503'))?.status).toBe(409);
    for (const code of ['23514', '22003', '22007', '22008', '22021', '22P02'])
      expect(refusalOfDatabaseError(wrapped(code))?.status).toBe(400);
    expect(refusalOfDatabaseError(new Error('plain'))).toBeNull();
  });
});

describe("the HTTP layer's own errors answer the one shape", () => {
  it('bad JSON, an empty JSON body, an unsupported content type and a too-large body', async () => {
    const cases = [
      { payload: '{"username": ', type: 'application/json', status: 400, message: MSG.badJson },
      { payload: '', type: 'application/json', status: 400, message: MSG.emptyBody },
      { payload: 'username=a', type: 'text/xml', status: 415, message: MSG.unsupportedBody },
      {
        payload: JSON.stringify({ username: 'x'.repeat(11 * 1024 * 1024), password: 'y' }),
        type: 'application/json',
        status: 413,
        message: MSG.bodyTooLarge,
      },
    ];
    for (const c of cases) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/public/login',
        headers: { 'content-type': c.type },
        payload: c.payload,
      });
      expect(res.statusCode, c.type).toBe(c.status);
      expectShape(res.json());
      expect(res.json().message).toBe(c.message);
    }
  });

  it('a path part longer than the router allows answers 414 in the shape', async () => {
    const res = await t.app.inject({ url: `/api/direct/${'a'.repeat(500)}/files/1` });
    expect(res.statusCode).toBe(414);
    expectShape(res.json());
    expect(res.json().message).toBe(MSG.uriTooLong);
  });

  describe('over a real socket', () => {
    let port = 0;
    beforeAll(async () => {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      port = (t.app.server.address() as net.AddressInfo).port;
    });
    const raw = (request: string) =>
      new Promise<{ status: number; body: Record<string, unknown> }>((resolve, reject) => {
        const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
        let data = '';
        socket.on('data', (chunk) => {
          data += chunk.toString();
        });
        socket.on('error', reject);
        socket.on('close', () => {
          const [head = '', body = ''] = data.split('\r\n\r\n');
          resolve({ status: Number(head.split(' ')[1]), body: JSON.parse(body) });
        });
      });

    it('headers too large answer 431', async () => {
      const res = await raw(`GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
      expect(res.status).toBe(431);
      expectShape(res.body);
      expect(res.body.message).toBe(MSG.headersTooLarge);
    });

    it('a malformed Content-Length answers 400', async () => {
      const res = await raw('POST /api/public/login HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n{}');
      expect(res.status).toBe(400);
      expectShape(res.body);
      expect(res.body.message).toBe(MSG.badContentLength);
    });
  });
});
