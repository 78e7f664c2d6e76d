import type {
  baseLoadAlertSetup,
  consumptionAlertSetup,
  tariffAlertSetup,
} from '@verdant/contracts/data-sources/meters';
import type { Db, Tx } from '@verdant/db/client';
import type { meters as meterTable } from '@verdant/db/schema/assets';
import { MSG } from '@verdant/domain/messages';
import type { z } from 'zod';
import { audit, diff } from '../../lib/audit';
import { AppError, badRequest, notFound } from '../../lib/errors';
import * as groups from '../../lib/group-members.queries';
import type { Caller } from '../../plugins/auth';
import * as q from './meters.queries';
import type { MetersService } from './meters.service';

type MeterRow = typeof meterTable.$inferSelect;

const decimal = (v: number | null | undefined) => (v === null || v === undefined ? null : String(v));

/** Groups, identifiers and alert set-ups of a data source (data-portal.md 2.2 Settings). */
export function createMeterSettingsService({ db, meters }: { db: Db; meters: MetersService }) {
  /** Runs a write on the locked meter and answers the whole meter. */
  async function write(a: Caller, meterId: number, work: (m: MeterRow, tx: Tx) => Promise<void>) {
    await db.transaction(async (tx) => {
      const found = await meters.lockedScope(tx, a, meterId);
      await work(found.meter, tx);
    });
    return meters.read(a, meterId);
  }
  const asset = (m: { id: number; localName: string }) => ({ type: 'meter', id: m.id, name: m.localName });

  return {
    membership: (a: Caller, groupId: number, meterId: number, join: boolean) =>
      write(a, meterId, async (m, tx) => {
        const group = await groups.findGroup(tx, m.organisationId, groupId);
        if (!group) throw notFound();
        if (group.memberType !== 'meter') throw badRequest(MSG.meterGroupNotMeterGroup);
        if (join) await groups.addMember(tx, m.organisationId, groupId, meterId);
        else await groups.removeMember(tx, m.organisationId, groupId, meterId);
        await audit(tx, a, {
          organisationId: m.organisationId,
          action: join ? 'join group' : 'leave group',
          asset: asset(m),
          changes: {
            group: join ? { before: null, after: group.name } : { before: group.name, after: null },
          },
        });
      }),

    setIdentifier: (a: Caller, meterId: number, labelId: number, raw: string | null) =>
      write(a, meterId, async (m, tx) => {
        const label = await q.findIdentifierLabel(tx, m.organisationId, labelId);
        if (!label) throw notFound();
        const value = raw === null || raw.trim() === '' ? null : raw.trim();
        const before = (await q.identifiers(tx, m.organisationId, meterId)).find(
          (i) => i.identifierId === labelId,
        );
        await q.setIdentifier(tx, m.organisationId, meterId, labelId, value);
        await audit(tx, a, {
          organisationId: m.organisationId,
          action: 'update',
          asset: asset(m),
          changes: diff({ [label.name]: before?.value ?? null }, { [label.name]: value }),
        });
      }),

    copyIdentifiers: (a: Caller, meterId: number, fromMeterId: number) =>
      write(a, meterId, async (m, tx) => {
        const from = await q.findMeter(tx, m.organisationId, fromMeterId);
        if (!from || fromMeterId === meterId) throw notFound();
        const before = await q.identifiers(tx, m.organisationId, meterId);
        await q.copyIdentifiers(tx, m.organisationId, fromMeterId, meterId);
        const after = await q.identifiers(tx, m.organisationId, meterId);
        const named = (list: typeof before) =>
          Object.fromEntries(list.map((i) => [i.identifierLabel, i.value]));
        await audit(tx, a, {
          organisationId: m.organisationId,
          action: 'copy identifiers',
          asset: asset(m),
          changes: {
            ...diff(named(before), named(after)),
            from: { before: null, after: from.meter.localName },
          },
        });
      }),

    labels: (_a: Caller, organisationId: number) => q.identifierLabels(db, organisationId),

    async createLabel(a: Caller, organisationId: number, name: string) {
      return db.transaction(async (tx) => {
        const trimmed = name.trim();
        if (!trimmed) throw badRequest(MSG.identifierNameRequired, { name: [MSG.identifierNameRequired] });
        if (await q.labelNameTaken(tx, organisationId, trimmed)) {
          throw new AppError('CONFLICT', MSG.identifierNameExists, 409);
        }
        const row = await q.insertIdentifierLabel(tx, organisationId, trimmed);
        await audit(tx, a, {
          organisationId,
          action: 'create',
          asset: { type: 'meter identifier', id: row.id, name: row.name },
          changes: { name: { before: null, after: row.name } },
        });
        return { identifierId: row.id, identifierLabel: row.name };
      });
    },

    consumptionAlert: (a: Caller, meterId: number, body: z.infer<typeof consumptionAlertSetup>) =>
      write(a, meterId, async (m, tx) => {
        const before = await q.alertSettings(tx, m.organisationId, meterId);
        const values = {
          consumptionDiffer: body.alertDiffer,
          consumptionPerc: body.alertPerc,
          consumptionAbs: body.absAlert,
        };
        await q.saveAlertSettings(tx, m.organisationId, meterId, values);
        await audit(tx, a, {
          organisationId: m.organisationId,
          action: 'consumption alert set-up',
          asset: asset(m),
          changes: diff(before, values),
        });
      }),

    tariffAlert: (a: Caller, meterId: number, body: z.infer<typeof tariffAlertSetup>) =>
      write(a, meterId, async (m, tx) => {
        const before = await q.alertSettings(tx, m.organisationId, meterId);
        const values = {
          tariffRel: decimal(body.relAlert),
          tariffAbs: decimal(body.absAlert),
          tariffRate: decimal(body.rateAlert),
        };
        await q.saveAlertSettings(tx, m.organisationId, meterId, values);
        const numbers = (r: typeof before) =>
          r && {
            tariffRel: r.tariffRel && Number(r.tariffRel),
            tariffAbs: r.tariffAbs && Number(r.tariffAbs),
            tariffRate: r.tariffRate && Number(r.tariffRate),
          };
        await audit(tx, a, {
          organisationId: m.organisationId,
          action: 'tariff alert set-up',
          asset: asset(m),
          changes: diff(numbers(before), {
            tariffRel: body.relAlert,
            tariffAbs: body.absAlert,
            tariffRate: body.rateAlert,
          }),
        });
      }),

    baseLoadAlert: (a: Caller, meterId: number, body: z.infer<typeof baseLoadAlertSetup>) =>
      write(a, meterId, async (m, tx) => {
        const before = await q.alertSettings(tx, m.organisationId, meterId);
        await q.saveAlertSettings(tx, m.organisationId, meterId, {
          baseloadTrigger: decimal(body.triggerPercentage),
        });
        await audit(tx, a, {
          organisationId: m.organisationId,
          action: 'base load alert set-up',
          asset: asset(m),
          changes: diff(
            { triggerPercentage: before?.baseloadTrigger ? Number(before.baseloadTrigger) : null },
            body,
          ),
        });
      }),
  };
}

export type MeterSettingsService = ReturnType<typeof createMeterSettingsService>;
