import type { FavouriteForm } from '@verdant/contracts/reports/favourites';
import type { Db } from '@verdant/db/client';
import { users } from '@verdant/db/schema/core';
import { REPORT_MSG } from '@verdant/domain/reports/messages';
import { OUTPUT_FILES, type Output } from '@verdant/domain/reports/report-types';
import { eq } from 'drizzle-orm';
import type { DirectLinks } from '../../lib/direct-links';
import { forbidden, notFound } from '../../lib/errors';
import { loadOrganisationContext, orgOf } from '../../lib/organisation-context';
import { can, directoryOrganisation } from '../../lib/rights';
import type { Caller } from '../../plugins/auth';
import * as q from './favourites.queries';
import { requestOf } from './favourites.service';
import type { ReportRunService } from './report-run.service';

/**
 * Running a favourite by form POST (data-portal.md 7: id, token and file name; docs/decisions/reports.md,
 * Favourites by form POST): the signed-in call hands out a token that names one favourite; the form posts it
 * back and the browser downloads the answer itself. The token opens that favourite only, for an hour, and the
 * run is its owner's, with their rights as they are when it runs.
 */

const subjectOf = (id: number) => `favourite-report:${id}`;

/** A file name the browser may keep: the name asked for as a slug, with the output's extension. */
function safeFileName(asked: string, output: Output) {
  const extension = OUTPUT_FILES[output]?.extension ?? 'bin';
  const base = asked
    .toLowerCase()
    .replace(new RegExp(`\\.${extension.replace('.', '\\.')}$`), '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 100);
  return `${base || 'report'}.${extension}`;
}

export function createFavouriteFormService({
  db,
  runner,
  links,
  clock,
}: {
  db: Db;
  runner: ReportRunService;
  links: DirectLinks;
  clock: () => Date;
}) {
  return {
    async link(a: Caller, name: string): Promise<FavouriteForm> {
      const organisationId = orgOf(a).id;
      const found = await q.findFavourite(db, organisationId, a.user.id, name);
      if (!found) throw notFound(REPORT_MSG.favouriteMissing);
      return {
        id: found.id,
        token: links.issue(subjectOf(found.id), clock()),
        fileName: safeFileName(name, found.output as Output),
      };
    },

    async download(form: FavouriteForm) {
      const now = clock();
      const checked = links.check(form.token, subjectOf(form.id), now);
      if (checked === 'expired') throw forbidden(REPORT_MSG.linkExpired);
      if (checked !== 'ok') throw notFound(REPORT_MSG.favouriteMissing);
      // The form names the favourite alone (data-portal.md 7): the directory of assets gives its organisation.
      const organisationId = await directoryOrganisation(db, [{ type: 'favourite-report', id: form.id }]);
      const found = organisationId === null ? undefined : await q.favouriteById(db, organisationId, form.id);
      if (!found) throw notFound(REPORT_MSG.favouriteMissing);
      const [u] = await db.select().from(users).where(eq(users.id, found.userId));
      const principal = u && { userId: u.id, productAdmin: u.productAdmin, statusId: u.statusId };
      if (!principal || !(await can(db, principal, 'enter', found.organisationId))) throw forbidden();
      const org = await loadOrganisationContext(db, found.organisationId, now);
      const file = await runner.render(principal, org, requestOf(found, org));
      return { ...file, filename: safeFileName(form.fileName, found.output as Output) };
    },
  };
}

export type FavouriteFormService = ReturnType<typeof createFavouriteFormService>;
