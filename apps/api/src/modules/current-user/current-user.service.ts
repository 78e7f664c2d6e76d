import {
  type AvailableOrgs,
  type MenuItem,
  SETTING_MESSAGES,
  SETTINGS_MAX_COUNT,
  type UserSettings,
} from '@verdant/contracts/current-user';
import type { Db } from '@verdant/db/client';
import { RECENT_ORGANISATIONS } from '@verdant/domain/constants';
import { MENU, type MenuAudience } from '@verdant/domain/menu';
import { MSG } from '@verdant/domain/messages';
import { badRequest, notFound } from '../../lib/errors';
import { organisationSummary, toCurrentUser } from '../../lib/identity';
import {
  allows,
  type EnterableOrganisation,
  enterableOrganisations,
  organisationRoles,
} from '../../lib/rights';
import { keptAnswer } from '../../lib/session-answers';
import type { SessionControl } from '../../lib/session-control';
import type { Caller } from '../../plugins/auth';
import * as q from './current-user.queries';

const RESULTS_LIMIT = 100;

export function createCurrentUserService({ db, auth: sessions }: { db: Db; auth: SessionControl }) {
  /** The caller's role in their session's organisation, read with the session. */
  async function roleIn(auth: Caller) {
    const organisationId = auth.organisationId;
    if (organisationId === null) return undefined;
    if (auth.knownRole?.organisationId === organisationId) return auth.knownRole.role;
    return (await organisationRoles(db, auth.principal, [organisationId])).get(organisationId);
  }

  /** Recent and matching organisations the caller may enter, read from the database. */
  async function readAvailableOrgs(auth: Caller, q: string | undefined): Promise<AvailableOrgs> {
    // Unsearched, the results begin with the recently used ones (in the same order): one statement gives both.
    const [recent, results]: [EnterableOrganisation[], EnterableOrganisation[]] = q
      ? await Promise.all([
          enterableOrganisations(db, auth.principal, { limit: RECENT_ORGANISATIONS, recentOnly: true }),
          enterableOrganisations(db, auth.principal, { q, limit: RESULTS_LIMIT }),
        ])
      : await enterableOrganisations(db, auth.principal, { limit: RESULTS_LIMIT }).then((all) => [
          all.filter((o) => o.lastUsed !== null).slice(0, RECENT_ORGANISATIONS),
          all,
        ]);
    const item = (o: EnterableOrganisation) => ({
      id: o.id,
      name: o.name,
      lastUsed: o.lastUsed?.toISOString() ?? null,
      disabled: o.disabled,
    });
    return { recent: recent.map(item), results: results.map(item) };
  }

  return {
    async details(auth: Caller) {
      return toCurrentUser(auth.user, auth.organisationId, await roleIn(auth));
    },

    async orgSummary(auth: Caller) {
      const organisationId = auth.checked.organisationId;
      if (organisationId === null) throw notFound(MSG.noOrganisationSelected);
      // The session's organisation was read with the session (docs/decisions/performance.md, The organisation summary).
      const known = auth.knownOrganisation;
      const org = auth.org?.id === organisationId ? auth.org : null;
      if (known?.id === organisationId && org)
        return { id: known.id, name: known.name, timeZone: org.timeZone, alerts: 0 };
      const summary = await organisationSummary(db, organisationId);
      if (!summary) throw notFound();
      return summary;
    },

    async availableOrgs(auth: Caller, query: string | undefined): Promise<AvailableOrgs> {
      const q = query?.trim() || undefined;
      // Kept with the session, dropped with it at any change of rights (docs/decisions/performance.md, Answers
      // kept with the session); a product administrator's list also takes organisations just created, which
      // notify nobody, so it is read each time.
      const answers = auth.principal.productAdmin ? undefined : auth.sessionAnswers;
      return keptAnswer(answers, `available-orgs:${q ?? ''}`, () => readAvailableOrgs(auth, q));
    },

    async switchOrganisation(auth: Caller, organisationId: number) {
      await sessions.moveSession(auth.tokenHash, auth.user.id, organisationId, auth.session.testDrive);
      const summary = await organisationSummary(db, organisationId);
      if (!summary) throw notFound();
      return summary;
    },

    async fullMenu(auth: Caller): Promise<MenuItem[]> {
      const role = await roleIn(auth);
      const may: Record<MenuAudience, boolean> = {
        member: allows(auth.principal, role, 'enter'),
        editor: allows(auth.principal, role, 'edit'),
        orgAdmin: allows(auth.principal, role, 'administer'),
        productAdmin: auth.principal.productAdmin,
      };
      return MENU.filter((m) => may[m.audience]).map(({ audience: _audience, ...item }) => item);
    },

    async settings(auth: Caller): Promise<UserSettings> {
      const rows = await q.listSettings(db, auth.user.id);
      return Object.fromEntries(rows.map((r) => [r.key, r.value]));
    },

    async setting(auth: Caller, key: string) {
      return { [key]: await q.getSetting(db, auth.user.id, key) };
    },

    /**
     * Writes several settings in one transaction; a null value removes that setting. A person keeps at most
     * SETTINGS_MAX_COUNT settings: a write that would go past it changes nothing.
     */
    async saveSettings(auth: Caller, values: Record<string, string | null>) {
      const entries = Object.entries(values);
      await db.transaction(async (tx) => {
        // One writer per person at a time, so two saves at once cannot together pass the limit.
        await q.lockSettingsOf(tx, auth.user.id);
        await q.upsertSettings(
          tx,
          auth.user.id,
          entries.flatMap(([key, value]) => (value === null ? [] : [{ key, value }])),
        );
        await q.deleteSettings(
          tx,
          auth.user.id,
          entries.flatMap(([key, value]) => (value === null ? [key] : [])),
        );
        if ((await q.countSettings(tx, auth.user.id)) > SETTINGS_MAX_COUNT)
          throw badRequest(SETTING_MESSAGES.tooMany);
      });
      return this.settings(auth);
    },
  };
}

export type CurrentUserService = ReturnType<typeof createCurrentUserService>;
