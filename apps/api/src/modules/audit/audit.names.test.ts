import type { AuditEvent } from '@verdant/contracts/audit';
import { describe, expect, it } from 'vitest';
import { idsToName, withNames } from './audit.names';

const event = (assetType: string, action: string, changes: AuditEvent['changes']): AuditEvent => ({
  id: 1,
  occurredAt: '2026-11-25T10:00:00.000Z',
  organisationId: 7,
  actorUserId: 1,
  actorName: 'Bea Boss',
  actorPortalToken: null,
  actorJob: null,
  action,
  assetType,
  assetId: 3,
  assetName: 'Thing',
  changes,
  requestId: null,
});

describe('audit values shown as names', () => {
  it('asks the database only for ids it does not know itself', () => {
    const events = [
      event('organisation', 'disable', {
        statusId: { before: 1, after: 3 },
        loadId: { before: null, after: 2 },
      }),
      event('entity', 'update pump', {
        powerMeterId: { before: 11, after: 12 },
        head: { before: 1, after: 2 },
      }),
      event('user', 'set advanced right', { 'meter-group 5': { before: null, after: -1 } }),
    ];
    expect(idsToName(events)).toEqual([
      { source: { table: 'meters' }, ids: [11, 12] },
      { source: { table: 'groupings' }, ids: [5] },
    ]);
  });

  it('names what it found and leaves the rest as recorded', () => {
    const found = new Map([
      ['meters', new Map([[11, 'Main meter']])],
      ['groupings', new Map([[5, 'Pumps']])],
    ]);
    const [org, pump, right] = withNames(
      [
        event('organisation', 'disable', {
          statusId: { before: 1, after: 3 },
          loadId: { before: null, after: 2 },
        }),
        event('entity', 'update pump', {
          powerMeterId: { before: 11, after: 12 },
          head: { before: 1, after: 2 },
        }),
        event('user', 'set advanced right', { 'meter-group 5': { before: null, after: -1 } }),
      ],
      found,
    );
    expect(org?.changes).toEqual({
      statusId: { before: 'Enabled', after: 'Disabled' },
      loadId: { before: null, after: 'kVA' },
    });
    expect(pump?.changes).toEqual({
      powerMeterId: { before: 'Main meter', after: 12 },
      head: { before: 1, after: 2 },
    });
    expect(right?.changes).toEqual({ 'meter-group Pumps': { before: null, after: 'Barred' } });
  });
});
