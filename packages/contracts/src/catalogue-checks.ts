import { z } from 'zod';
import { text } from './common';
import { defineOperations } from './operations';

/**
 * The admin checks (data-portal.md 7, `GET /admin/checks/{name}`; docs/decisions/catalogue.md, Admin checks): six
 * data-quality checks product administrators see as icons, each naming what it found with a link to it.
 */
export const ADMIN_CHECKS = [
  'meters-without-data-type',
  'factor-gaps',
  'composites-not-100',
  'retired-type-units',
  'own-sets-missing-scope',
  'inputs-after-close',
] as const;
export type AdminCheckName = (typeof ADMIN_CHECKS)[number];

export const CHECK_TITLES: Record<AdminCheckName, string> = {
  'meters-without-data-type': 'Meters with no data type',
  'factor-gaps': 'Factors with gaps in time',
  'composites-not-100': 'Composites not totalling 100 %',
  'retired-type-units': 'Meters measured in units of retired data types',
  'own-sets-missing-scope': 'Own factor sets lacking a scope the default set has',
  'inputs-after-close': 'Meters with inputs after their close date',
};

export const adminCheck = z.object({
  name: z.enum(ADMIN_CHECKS),
  title: text(),
  /** How many things it found (0: the check passes). */
  count: z.number(),
  found: z.array(
    z.object({
      label: text(),
      detail: text(),
      /** The web page of what it found. */
      link: text(),
    }),
  ),
});
export type AdminCheck = z.infer<typeof adminCheck>;

export const catalogueChecksOperations = defineOperations('catalogue', {
  adminCheck: {
    method: 'GET',
    path: '/admin/checks/:name',
    summary: 'One of the six data-quality checks, with what it found',
    access: 'product-administrator',
    params: z.object({ name: z.enum(ADMIN_CHECKS) }),
    answer: adminCheck,
  },
});
