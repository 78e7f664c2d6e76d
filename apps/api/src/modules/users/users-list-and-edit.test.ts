import { addMembership, createMember, createOrganisation } from '@verdant/db/factories';
import { auditEvents } from '@verdant/db/schema/audit';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer } from '../../testing/test-app';
import { call, details, editable, ids, org, otherOrg, t, useFixture } from './users.fixture';

useFixture();

describe('GET /api/users', () => {
  it("lists the organisation's members for any member; only editors may edit other rows", async () => {
    const watcher = (await call('watcher', 'GET', '/api/users')).json();
    expect(watcher.mayEdit).toBe(false);
    expect(watcher.users.map((u: { userId: string }) => u.userId)).not.toContain('outsider');
    const rows = Object.fromEntries(
      watcher.users.map((u: { userId: string; mayEdit: boolean }) => [u.userId, u.mayEdit]),
    );
    expect(rows.watcher).toBe(true);
    expect(rows.target).toBe(false);
    expect((await call('general', 'GET', '/api/users')).json().mayEdit).toBe(true);
  });

  it('pages 100 at a time', async () => {
    const big = await createOrganisation(t.db, { name: 'Big Org' });
    await addMembership(t.db, { userId: ids.boss ?? 0, organisationId: big.id, accessId: 2, admin: true });
    for (let i = 0; i < 149; i++)
      await createMember(t.db, big.id, { password: null, surname: `Member${String(i).padStart(3, '0')}` });
    await call('boss', 'PUT', `/api/current-user/organisation/${big.id}`);
    const first = (await call('boss', 'GET', '/api/users')).json();
    expect(first.users).toHaveLength(100);
    expect(first.total).toBe(150);
    const second = (await call('boss', 'GET', '/api/users?offset=100')).json();
    expect(second.users).toHaveLength(50);
    expect(new Set([...first.users, ...second.users].map((u: { id: number }) => u.id)).size).toBe(150);
    await call('boss', 'PUT', `/api/current-user/organisation/${org.id}`);
  });
});

describe('editing details', () => {
  it('lets an observer edit only their own details', async () => {
    const target = await details(ids.target ?? 0);
    const refused = await call('watcher', 'PUT', `/api/users/${ids.target}`, {
      ...editable(target),
      position: 'Hacker',
    });
    expect(refused.statusCode).toBe(403);
    expect((await details(ids.target ?? 0)).position).toBe(target.position);
    const own = await details(ids.watcher ?? 0);
    const ok = await call('watcher', 'PUT', `/api/users/${ids.watcher}`, {
      ...editable(own),
      position: 'Energy analyst',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().position).toBe('Energy analyst');
  });

  it("lets a general user edit another member's details but not make them an administrator", async () => {
    const target = await details(ids.target ?? 0);
    const ok = await call('general', 'PUT', `/api/users/${ids.target}`, {
      ...editable(target),
      mobile: '021 555 0101',
    });
    expect(ok.json().mobile).toBe('021 555 0101');
    const admin = await call('general', 'PUT', `/api/users/${ids.target}`, {
      ...editable(target),
      admin: true,
    });
    expect(admin.statusCode).toBe(403);
    expect((await details(ids.target ?? 0)).admin).toBe(false);
    const grant = await call('general', 'PUT', `/api/users/${ids.target}/grant/2/to/${org.id}`);
    expect(grant.statusCode).toBe(403);
    expect(
      (await call('general', 'PUT', `/api/users/${ids.target}/grant/3/to/${org.id}`)).json().data.accessId,
    ).toBe(3);
    await call('boss', 'PUT', `/api/users/${ids.target}/grant/4/to/${org.id}`);
  });

  it("refuses bad values with the spec's messages and changes nothing", async () => {
    const target = await details(ids.target ?? 0);
    const cases: [object, string][] = [
      [{ email: 'not-an-email' }, 'Email address is not valid'],
      [{ email: 'boss@example.test' }, 'Email address is already in use'],
      [{ firstName: 'T' }, 'Must be at least 2 characters'],
    ];
    await call('boss', 'PUT', `/api/users/${ids.boss}`, {
      ...editable(await details(ids.boss ?? 0)),
      email: 'boss@example.test',
    });
    for (const [change, message] of cases) {
      const res = await call('boss', 'PUT', `/api/users/${ids.target}`, { ...editable(target), ...change });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(message);
    }
    expect(await details(ids.target ?? 0)).toEqual(target);
  });
});

describe('administrator actions', () => {
  it("makes and revokes administrators, but never on one's own account", async () => {
    const target = await details(ids.target ?? 0);
    expect(
      (await call('boss', 'PUT', `/api/users/${ids.target}`, { ...editable(target), admin: true })).json()
        .admin,
    ).toBe(true);
    expect(
      (await call('boss', 'PUT', `/api/users/${ids.target}`, { ...editable(target), admin: false })).json()
        .admin,
    ).toBe(false);
    const own = await details(ids.boss ?? 0);
    const demote = await call('boss', 'PUT', `/api/users/${ids.boss}`, { ...editable(own), admin: false });
    expect(demote.statusCode).toBe(403);
    expect(demote.json().message).toBe('You cannot do that to your own account');
    expect(
      (await call('boss', 'PUT', `/api/users/${ids.boss}`, { ...editable(own), blocked: true })).statusCode,
    ).toBe(403);
    expect((await call('boss', 'PUT', `/api/users/${ids.boss}/grant/4/to/${org.id}`)).statusCode).toBe(403);
    expect((await call('boss', 'POST', `/api/users/${ids.boss}/block/${org.id}`)).statusCode).toBe(403);
    expect((await call('boss', 'DELETE', `/api/users/${ids.boss}`)).statusCode).toBe(403);
    expect((await call('boss', 'DELETE', `/api/users/${ids.boss}/from/${org.id}`)).statusCode).toBe(403);
    expect(await details(ids.boss ?? 0)).toMatchObject({ admin: true, blocked: false, accessId: 2 });
  });

  it('blocks a user from the product, which ends their sessions, and unblocks them', async () => {
    const token = await t.login('target');
    const target = await details(ids.target ?? 0);
    expect(
      (await call('boss', 'PUT', `/api/users/${ids.target}`, { ...editable(target), blocked: true })).json()
        .blocked,
    ).toBe(true);
    expect(
      (await t.app.inject({ url: '/api/current-user/user-details', headers: bearer(token) })).statusCode,
    ).toBe(401);
    await expect(t.login('target')).rejects.toThrow();
    await call('boss', 'PUT', `/api/users/${ids.target}`, { ...editable(target), blocked: false });
    await expect(t.login('target')).resolves.toBeTruthy();
  });

  it('blocks and unblocks within the organisation', async () => {
    expect((await call('boss', 'POST', `/api/users/${ids.target}/block/${org.id}`)).json().orgBlocked).toBe(
      true,
    );
    await expect(t.login('target')).rejects.toThrow();
    expect((await call('boss', 'DELETE', `/api/users/${ids.target}/block/${org.id}`)).json().orgBlocked).toBe(
      false,
    );
    expect((await call('general', 'POST', `/api/users/${ids.target}/block/${org.id}`)).statusCode).toBe(403);
  });

  it('records a block once when it is asked twice', async () => {
    const blocks = async () =>
      (
        await t.db
          .select()
          .from(auditEvents)
          .where(and(eq(auditEvents.assetId, ids.target ?? 0), eq(auditEvents.action, 'block')))
      ).length;
    const before = await blocks();
    for (let i = 0; i < 2; i++) {
      const res = await call('boss', 'POST', `/api/users/${ids.target}/block/${org.id}`);
      expect(res.json().orgBlocked).toBe(true);
    }
    expect(await blocks()).toBe(before + 1);
    await call('boss', 'DELETE', `/api/users/${ids.target}/block/${org.id}`);
  });

  it('refuses every action of an observer', async () => {
    const target = await details(ids.target ?? 0);
    const attempts = [
      call('watcher', 'PUT', `/api/users/${ids.target}`, editable(target)),
      call('watcher', 'PUT', `/api/users/${ids.target}/grant/3/to/${org.id}`),
      call('watcher', 'POST', `/api/users/${ids.target}/block/${org.id}`),
      call('watcher', 'DELETE', `/api/users/${ids.target}`),
      call('watcher', 'DELETE', `/api/users/${ids.target}/from/${org.id}`),
      call('watcher', 'PUT', `/api/users/${ids.target}/reset-password`, { password: 'Verdant-test-1' }),
      call('watcher', 'POST', '/api/users/create', {
        email: 'x@example.test',
        userId: 'x',
        firstName: 'Xx',
        surname: 'Yy',
      }),
      call('watcher', 'GET', '/api/users/email-check/x@example.test'),
    ];
    for (const res of await Promise.all(attempts)) expect(res.statusCode).toBe(403);
  });

  it('tells an administrator of another organisation nothing', async () => {
    const target = await details(ids.target ?? 0);
    const attempts = [
      call('outsider', 'GET', `/api/users/${ids.target}`),
      call('outsider', 'PUT', `/api/users/${ids.target}`, editable(target)),
      call('outsider', 'PUT', `/api/users/${ids.target}/grant/3/to/${org.id}`),
      call('outsider', 'PUT', `/api/users/${ids.target}/grant/3/to/${otherOrg.id}`),
      call('outsider', 'POST', `/api/users/${ids.target}/block/${org.id}`),
      call('outsider', 'DELETE', `/api/users/${ids.target}/block/${org.id}`),
      call('outsider', 'DELETE', `/api/users/${ids.target}`),
      call('outsider', 'DELETE', `/api/users/${ids.target}/from/${org.id}`),
      call('outsider', 'PUT', `/api/users/${ids.target}/reset-password`, { password: 'Verdant-test-1' }),
      call('outsider', 'PUT', `/api/users/${ids.target}/change-password`, {
        current: 'x',
        new: 'Verdant-test-2',
      }),
      call('outsider', 'POST', `/api/users/create/and-grant/3/to/${org.id}`, {
        email: 'z@example.test',
        userId: 'zz',
        firstName: 'Zz',
        surname: 'Zz',
      }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect([403, 404]).toContain(res.statusCode);
      expect(res.body).not.toContain('Tara');
      expect(res.body).not.toContain('tara.target');
    }
    expect(
      (await call('outsider', 'GET', '/api/users')).json().users.map((u: { userId: string }) => u.userId),
    ).toEqual(['outsider']);
    expect(await details(ids.target ?? 0)).toEqual(target);
  });
});
