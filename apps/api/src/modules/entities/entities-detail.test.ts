import { createEntity } from '@verdant/db/asset-factories';
import { entities } from '@verdant/db/schema/assets';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { call, ids, org, t, useFixture } from './entities.fixture';

useFixture();

describe('entity detail', () => {
  it('answers the detail and saves fields, creating a facility named anew', async () => {
    const got = (await call('watcher', 'GET', `/entities/${ids.library}`)).json();
    expect(got).toMatchObject({
      entityName: 'Library',
      siteName: 'Office',
      mayEdit: false,
      x: null,
      y: null,
    });
    const res = await call('general', 'PUT', `/entities/${ids.library}`, {
      description: 'Two floors',
      facilityName: 'Civic Block',
      x: 174.7762,
      y: -41.2865,
      entityOpen: '2001-02-03',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      description: 'Two floors',
      facilityName: 'Civic Block',
      x: 174.7762,
      y: -41.2865,
    });
  });

  it('refuses coordinates out of range and keeps the stored ones; null clears them', async () => {
    for (const [body, message] of [
      [{ x: 180.5 }, 'Longitude must be between -180 and 180'],
      [{ x: -181 }, 'Longitude must be between -180 and 180'],
      [{ y: 90.01 }, 'Latitude must be between -90 and 90'],
      [{ x: 10, y: -91 }, 'Latitude must be between -90 and 90'],
    ] as const) {
      const res = await call('general', 'PUT', `/entities/${ids.library}`, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect((await call('general', 'GET', `/entities/${ids.library}`)).json()).toMatchObject({
      x: 174.7762,
      y: -41.2865,
    });
    const cleared = await call('general', 'PUT', `/entities/${ids.library}`, { x: null, y: null });
    expect(cleared.json()).toMatchObject({ x: null, y: null });
  });

  it.each([
    [{ entityName: ' ' }, 'Entity name is required'],
    [{ buildsegId: null }, 'Occupancy is required'],
    [{ entdescId: null }, 'Function is required for a standard entity'],
    [{ buildsegId: 999 }, 'Choose a value from the list'],
    [{ entityClose: '1999-01-01' }, 'Close date cannot be before the open date'],
    [{ entityOpen: '3-2001-01' }, 'Dates must be written yyyy-MM-dd'],
    [{ facilityName: '' }, 'Facility is required'],
  ])('refuses %j', async (body, message) => {
    const res = await call('general', 'PUT', `/entities/${ids.library}`, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('is read-only for an observer and hidden from another organisation', async () => {
    expect((await call('watcher', 'PUT', `/entities/${ids.library}`, { description: 'x' })).statusCode).toBe(
      403,
    );
    expect((await call('watcher', 'DELETE', `/entities/${ids.library}`)).statusCode).toBe(403);
    const res = await call('outsider', 'PUT', `/entities/${ids.library}`, { description: 'x' });
    expect(res.statusCode).toBe(404);
    expect((await call('general', 'GET', `/entities/${ids.library}`)).json().description).toBe('Two floors');
  });

  it('archives an entity on delete', async () => {
    const doomed = await createEntity(
      t.db,
      { id: ids.office ?? 0, organisationId: org.id },
      { name: 'Shed' },
    );
    const res = await call('general', 'DELETE', `/entities/${doomed.id}`);
    expect(res.json()).toEqual({ success: true, message: 'Shed deleted' });
    expect((await call('general', 'GET', `/entities/${doomed.id}`)).statusCode).toBe(404);
    const [row] = await t.db.select().from(entities).where(eq(entities.id, doomed.id));
    expect(row?.deletedAt).not.toBeNull();
    expect(row?.deletedBy).toBe(ids.general);
  });
});
