import { z } from 'zod';
import { factorEdition, idNumber, text } from '../common';

/** The organisation page's Overview: its sites ranked by a month's figures, emissions and alerts. */

const organisationIdParam = z.object({ id: idNumber() });

export const monthParams = organisationIdParam.extend({
  month: text().regex(/^\d{4}(0[1-9]|1[0-2])$/, 'Month must be yyyyMM'),
});
export const SITE_LIST_MEASURES = ['cons', 'cost', 'co2e'] as const;
export const siteListParams = monthParams.extend({ measure: z.enum(SITE_LIST_MEASURES) });

/** A site ranked by one figure of one month (highest first). */
export const siteFigure = z.object({ siteId: z.number(), siteName: text(), value: z.number() });
export const siteFigureList = z.object({
  month: text(),
  unit: text(),
  sites: z.array(siteFigure),
  /** The editions of emission factors that produced the month's kg CO2e (emissions only, location-based). */
  editions: z.array(factorEdition),
});
export type SiteFigureList = z.infer<typeof siteFigureList>;

/** The highest emitters of one month, with their scope 1, 2 and 3 emissions (kg CO2e, whole numbers). */
export const siteEmissions = z.object({
  siteId: z.number(),
  siteName: text(),
  scope1: z.number(),
  scope2: z.number(),
  scope3: z.number(),
  total: z.number(),
});
export const emissionsList = z.object({
  month: text(),
  unit: text(),
  sites: z.array(siteEmissions),
  /** The editions of emission factors that produced the month's kg CO2e (location-based). */
  editions: z.array(factorEdition),
});
export type EmissionsList = z.infer<typeof emissionsList>;

/** Sites by number of alerts (most first). */
export const siteAlerts = z.object({ siteId: z.number(), siteName: text(), alerts: z.number() });
export const siteAlertsList = z.array(siteAlerts);
export type SiteAlerts = z.infer<typeof siteAlerts>;
