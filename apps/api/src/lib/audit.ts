import type { DbOrTx } from '@verdant/db/client';
import { auditEvents, type FieldChange } from '@verdant/db/schema/audit';
import type { Caller } from './caller';

/**
 * Who acted: a signed-in person, a portal token, or a system job (docs/decisions/audit-log.md, One
 * append-only table).
 */
export type AuditActor =
  | { userId: number; name: string | null; requestId?: string }
  | { portalToken: string; requestId?: string }
  | { job: string };

export interface AuditAsset {
  type: string;
  id: number | null;
  name?: string | null;
}

export interface AuditEntry {
  organisationId: number | null;
  action: string;
  asset: AuditAsset;
  changes?: Record<string, FieldChange>;
}

/** The checked caller of a route as an audit actor. */
export function actorOf(caller: Pick<Caller, 'user' | 'requestId'>): AuditActor {
  const { user } = caller;
  const name = [user.firstName, user.surname].filter(Boolean).join(' ').trim() || user.email;
  return { userId: user.id, name, requestId: caller.requestId };
}

export const systemJob = (job: string): AuditActor => ({ job });

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

const comparable = (v: unknown): unknown =>
  v instanceof Date ? v.toISOString() : v === undefined ? null : v;

/**
 * The fields that changed between two records, as {field: {before, after}}. Only the fields `after` names
 * are compared (a partial update names what it set); `omit` drops secrets (password hashes, tokens).
 */
export function diff(
  before: Record<string, unknown> | null | undefined,
  after: Record<string, unknown> | null | undefined,
  omit: readonly string[] = [],
): Record<string, FieldChange> {
  const out: Record<string, FieldChange> = {};
  // A removal (no after) records every field it had; otherwise only the fields the change named.
  const keys = after ? Object.keys(after) : Object.keys(before ?? {});
  for (const key of keys) {
    if (omit.includes(key)) continue;
    const b = comparable(before?.[key]);
    const a = comparable(after?.[key]);
    if (!same(b, a)) out[key] = { before: b, after: a };
  }
  return out;
}

/** The fields a created record starts with (before: null). */
export const created = (after: Record<string, unknown>, omit: readonly string[] = []) =>
  diff({}, after, omit);

/** Appends one audit row; call it with the write's own transaction so both commit or neither. */
export async function audit(tx: DbOrTx, actor: AuditActor | Caller, entry: AuditEntry): Promise<void> {
  await auditAll(tx, actor, [entry]);
}

/** An update that changed no field: saved again as it was, so nothing to record (docs/decisions/audit-log.md). */
const unchanged = (entry: AuditEntry) =>
  entry.action === 'update' && Object.keys(entry.changes ?? {}).length === 0;

/** Appends audit rows of one actor in one statement, in order (a bulk write's row per asset). */
export async function auditAll(
  tx: DbOrTx,
  actor: AuditActor | Caller,
  all: readonly AuditEntry[],
): Promise<void> {
  const entries = all.filter((entry) => !unchanged(entry));
  if (entries.length === 0) return;
  const who: AuditActor = 'user' in actor ? actorOf(actor) : actor;
  await tx.insert(auditEvents).values(
    entries.map((entry) => ({
      organisationId: entry.organisationId,
      actorUserId: 'userId' in who ? who.userId : null,
      actorName: 'userId' in who ? who.name : null,
      actorPortalToken: 'portalToken' in who ? who.portalToken : null,
      actorJob: 'job' in who ? who.job : null,
      action: entry.action,
      assetType: entry.asset.type,
      assetId: entry.asset.id,
      assetName: entry.asset.name ?? null,
      changes: entry.changes ?? {},
      requestId: 'requestId' in who ? (who.requestId ?? null) : null,
    })),
  );
}
