import { MSG } from '@verdant/domain/messages';
import { z } from 'zod';
import { factorEdition, idNumber, int4, nameText, text } from '../common';

/**
 * Groupings of site groups or of meter (source) groups, their groups and members
 * (docs/decisions/groupings.md).
 */

export const groupType = z.enum(['site', 'meter']);
export type GroupType = z.infer<typeof groupType>;

/** A group as lists show it: consumption is kWh over the last twelve complete months, of visible meters. */
export const groupSummary = z.object({
  id: int4(),
  name: text(),
  type: z.enum(['site', 'meter', 'reporting']),
  memberCount: int4(),
  consumption: z.number(),
  /** A reporting group of data types: computed, with no members to manage. */
  pseudo: z.boolean(),
  /** The grouping it belongs to (at most one), empty when uncontrolled. */
  groupings: z.array(int4()),
});
export type GroupSummary = z.infer<typeof groupSummary>;

export const grouping = z.object({
  id: int4(),
  name: text(),
  type: z.enum(['site', 'meter', 'reporting']),
  controlled: z.boolean(),
  groups: z.array(groupSummary),
});
export type Grouping = z.infer<typeof grouping>;

export const groupingsList = z.object({
  groupings: z.array(grouping),
  ungroupingedGroups: z.array(groupSummary),
  mayEdit: z.boolean(),
});
export type GroupingsList = z.infer<typeof groupingsList>;

export const groupingsKindParams = z.object({ kind: z.enum(['site', 'meter', 'reporting']) });
export const orgTypeParams = z.object({ id: idNumber(), type: groupType });
export const groupParams = z.object({ id: idNumber() });
export const groupingParams = z.object({ id: idNumber(), groupingId: idNumber() });
export const memberParams = z.object({ id: idNumber(), assetId: idNumber() });
export const memberQuery = z.object({ focus: z.enum(['NONE', 'GROUP']).default('NONE') });

/** A new grouping or group: at least two characters (section 5); renames need three. */
const newName = nameText().trim().min(2, MSG.nameTooShortToCreate).max(100);
export const renameBody = z.object({ name: nameText().trim().min(3, MSG.nameTooShort).max(100) });
export type RenameBody = z.input<typeof renameBody>;

export const newGroupingBody = z.object({
  name: newName,
  /** Controlled (the default): an asset belongs to at most one of its groups. */
  controlled: z.boolean().default(true),
});
export type NewGroupingBody = z.input<typeof newGroupingBody>;

export const newGroupBody = z.object({ name: newName, memberOf: idNumber().nullish() });
export type NewGroupBody = z.input<typeof newGroupBody>;

export const created = z.object({ id: int4(), name: text() });

export const monthFigures = z.object({
  month: text(),
  cons: z.number(),
  cost: z.number(),
  co2e: z.number(),
  incomplete: z.boolean(),
});

export const groupDetail = z.object({
  id: int4(),
  name: text(),
  type: groupType,
  memberCount: int4(),
  grouping: z.object({ id: int4(), name: text(), controlled: z.boolean() }).nullable(),
  mayEdit: z.boolean(),
  /** The last twelve complete months from the ledger's monthly facts, of the meters the caller may see. */
  months: z.array(monthFigures),
  totals: z.object({ cons: z.number(), cost: z.number(), co2e: z.number() }),
  /**
   * The editions of emission factors that produced the twelve months' kg CO2e (location-based); the members'
   * figures are of the same months and meters.
   */
  editions: z.array(factorEdition),
});
export type GroupDetail = z.infer<typeof groupDetail>;

export const groupingDetail = z.object({
  id: int4(),
  name: text(),
  type: groupType,
  controlled: z.boolean(),
  groups: z.array(groupSummary),
  mayEdit: z.boolean(),
});
export type GroupingDetail = z.infer<typeof groupingDetail>;

/** An asset as the distribution and inclusion calls list it. */
export const distributionAsset = z.object({
  id: int4(),
  /** Distribution: the groups of the grouping it is in. Inclusion: the other groups of the group's grouping. */
  relatedIds: z.array(int4()),
  name: text(),
  type: groupType,
  /** A meter's account (its site for a site). */
  account: text().nullable(),
  /** Distribution: in some group of the grouping. Inclusion: in this group. */
  joined: z.boolean(),
});
export type DistributionAsset = z.infer<typeof distributionAsset>;
export const distributionList = z.object({ assets: z.array(distributionAsset), mayEdit: z.boolean() });
export type DistributionList = z.infer<typeof distributionList>;

export const memberDetail = z.object({
  id: int4(),
  name: text(),
  siteName: text().nullable(),
  account: text().nullable(),
  measuring: text().nullable(),
  cons: z.number(),
  cost: z.number(),
  co2e: z.number(),
});
export type MemberDetail = z.infer<typeof memberDetail>;
export const memberDetails = z.object({ members: z.array(memberDetail), mayEdit: z.boolean() });
export type MemberDetails = z.infer<typeof memberDetails>;

export const membershipAnswer = z.object({
  success: z.literal(true),
  /** The group of the controlled grouping the asset left to join this one. */
  movedFrom: z.object({ id: int4(), name: text() }).nullable(),
  group: groupDetail.optional(),
});
export type MembershipAnswer = z.infer<typeof membershipAnswer>;

export const reportingConsumptionParams = z.object({
  id: idNumber(),
  measure: z.enum(['cons', 'other']),
  month: text().regex(/^\d{4}(0[1-9]|1[0-2])$/, 'Enter a month as yyyyMM'),
});
export const reportingConsumption = z.object({
  month: text(),
  groups: z.array(
    z.object({
      id: int4(),
      name: text(),
      /** cons: kWh. other: the standard quantity of its data types, each in its own unit. */
      value: z.number(),
      unit: text(),
      incomplete: z.boolean(),
    }),
  ),
});
export type ReportingConsumption = z.infer<typeof reportingConsumption>;
