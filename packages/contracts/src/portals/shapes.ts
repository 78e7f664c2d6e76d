import { PORTAL_MSG } from '@verdant/domain/portals/messages';
import { PORTAL_PERIODS } from '@verdant/domain/portals/periods';
import { PORTAL_URL_MAX, PORTAL_URL_PATTERN } from '@verdant/domain/portals/url';
import { z } from 'zod';
import { calendarDate, idNumber, int4, nameText, text } from '../common';

/** A portal quantity (data-portal.md 3, "Portal quantity"). */
export const portalQuantity = z.object({
  /** The quantity's own id (the public page names quantities by it, never by the data source). */
  id: int4(),
  meterId: int4(),
  name: text(),
  energy: z.object({ id: int4(), energyDescr: text() }),
  unit: z.object({ unitId: int4().nullable(), name: text().nullable() }),
  /** A quantity with entries cannot be removed. */
  hideDelete: z.boolean(),
  edited: z.boolean(),
});
export type PortalQuantity = z.infer<typeof portalQuantity>;

/** How one period of a portal stands (the list's due, received, late and share received). */
export const portalPeriodStatus = z.object({
  start: text(),
  end: text(),
  label: text(),
  due: text(),
  expected: int4(),
  received: int4(),
  /** Received after the due date, or not received once it passed. */
  late: int4(),
  approved: int4(),
  /** Received of expected, 0 to 1. */
  share: z.number(),
  /** Approved of expected, 0 to 1. */
  approvedShare: z.number(),
});
export type PortalPeriodStatus = z.infer<typeof portalPeriodStatus>;

/** The portal's link: its key is the credential of the public page. */
export const portalLink = z.object({
  key: text(),
  issuedAt: text(),
  expiresOn: text().nullable(),
  revoked: z.boolean(),
});

/** A data-entry portal (data-portal.md 3, "Data-entry portal") with its link, contacts and periods. */
export const dataEntryPortal = z.object({
  id: int4(),
  name: text(),
  url: text(),
  period: z.enum(PORTAL_PERIODS),
  quantities: z.array(portalQuantity),
  reporting: int4(),
  dataSourcePrefix: text(),
  siteId: int4(),
  link: portalLink,
  contacts: z.array(text()),
  dueDays: int4(),
  remindBeforeDays: int4(),
  remindAfterDays: int4(),
  secondApproval: z.boolean(),
  periods: z.array(portalPeriodStatus),
  awaitingReview: int4(),
});
export type DataEntryPortal = z.infer<typeof dataEntryPortal>;

export const portalUrl = text()
  .trim()
  .toLowerCase()
  .max(PORTAL_URL_MAX, PORTAL_MSG.urlLength)
  .regex(PORTAL_URL_PATTERN, PORTAL_MSG.urlCharacters);

/** A new quantity: an existing data source, or a new one of the data type and unit. */
export const newPortalQuantity = z.object({
  meterId: idNumber().nullable().default(null),
  name: nameText().trim().min(1, PORTAL_MSG.quantityIncomplete).max(100),
  energy: z.object({ id: int4().positive() }, { error: PORTAL_MSG.quantityIncomplete }),
  unit: z.object({ unitId: int4().positive() }, { error: PORTAL_MSG.quantityIncomplete }),
  /**
   * A new data source's ICP (electricity, gas) or account number (water), as the new meter wizard asks of a
   * standard supply (our addition: docs/decisions/portals.md, "Quantities are supply data sources").
   */
  account: text().trim().max(60).optional(),
});
export type NewPortalQuantity = z.input<typeof newPortalQuantity>;

const days = int4().min(0, 'Enter 0 to 90 days').max(90, 'Enter 0 to 90 days');

/** POST /data-entry-portals/portals/create (data-portal.md 7). */
export const newPortal = z.object({
  name: nameText().trim().min(1, PORTAL_MSG.nameRequired).max(100),
  url: portalUrl,
  period: z.enum(PORTAL_PERIODS),
  quantities: z.array(newPortalQuantity).min(1, PORTAL_MSG.quantityRequired).max(50),
  reporting: int4().positive().default(2),
  dataSourcePrefix: nameText().trim().max(40).default(''),
  /** The site new data sources are created on (our addition: a data source belongs to a site). */
  site: int4().positive({ error: PORTAL_MSG.unknownSite }),
});
export type NewPortal = z.input<typeof newPortal>;

/** PUT /data-entry-portals/portals/{id}: the name and our link, reminder and review settings; never the period. */
export const portalUpdate = z.object({
  name: nameText().trim().min(1, PORTAL_MSG.nameRequired).max(100),
  linkExpiresOn: calendarDate().nullable().optional(),
  dueDays: days.optional(),
  remindBeforeDays: days.optional(),
  remindAfterDays: days.optional(),
  secondApproval: z.boolean().optional(),
});
export type PortalUpdate = z.input<typeof portalUpdate>;

export const quantityRename = z.object({
  name: nameText().trim().min(1, PORTAL_MSG.quantityIncomplete).max(100),
});

export const portalContactsBody = z.object({
  contacts: z
    .array(
      text()
        .trim()
        .toLowerCase()
        .pipe(z.email({ error: PORTAL_MSG.emailInvalid })),
    )
    .max(50),
});

export const customPortal = z.object({ id: int4(), name: text(), link: text() });
export const customPortalsList = z.object({ portals: z.array(customPortal), mayEdit: z.boolean() });
export const newCustomPortal = z.object({
  name: nameText().trim().min(1, PORTAL_MSG.nameRequired).max(100),
  link: z.url({ protocol: /^https?$/, error: PORTAL_MSG.customPortalLink }).max(2000),
});

export const portalIdParam = z.object({ id: idNumber() });
export const portalMeterParams = z.object({ id: idNumber(), meterId: idNumber() });
export const urlParam = z.object({ url: text().max(300) });
