import type { AuditEvent } from '@verdant/contracts/audit';
import { LOAD_MEASUREMENTS } from '@verdant/contracts/catalogue';
import type { FieldChange } from '@verdant/db/schema/audit';
import { ACCESS_LABELS, ORGANISATION_STATUS } from '@verdant/domain/constants';
import { type NameSource, sourceKey } from './audit.queries';

/** Names known without the database. */
type Labels = Readonly<Record<number, string>>;
type Source = NameSource | { labels: Labels };

const list = (name: string): Source => ({ list: name });
const table = (name: Extract<NameSource, { table: string }>['table']): Source => ({ table: name });

const LOAD_LABELS: Labels = Object.fromEntries(LOAD_MEASUREMENTS.map((m) => [m.Id, m.Descr]));
const ORGANISATION_STATUS_LABELS: Labels = {
  [ORGANISATION_STATUS.enabled]: 'Enabled',
  [ORGANISATION_STATUS.disabled]: 'Disabled',
};

/**
 * The recorded fields whose values are ids, and where their names are. Rows keep the ids (the fact, and what
 * a machine reads); the history screens and the CSV show the names, looked up when read
 * (docs/decisions/audit-log.md, Names, not ids, resolved when read).
 */
const FIELD_SOURCES: Record<string, Source> = {
  regionId: list('regions'),
  orgtypeId: list('organisation-types'),
  countryId: list('countries'),
  finrepId: list('financial-reporting'),
  graphingOrder: list('year-orders'),
  buildsegId: list('building-segmentations'),
  entdescId: list('entity-descriptors'),
  controlId: list('entity-controls'),
  entusageId: list('entity-usages'),
  accontrId: list('aircon-controls'),
  heatId: list('heating-types'),
  lightId: list('lighting-types'),
  loadId: { labels: LOAD_LABELS },
  accessId: { labels: ACCESS_LABELS },
  access: { labels: ACCESS_LABELS },
  siteId: table('sites'),
  entityId: table('entities'),
  meterId: table('meters'),
  replaces: table('meters'),
  fromMeterId: table('meters'),
  powerMeterId: table('meters'),
  flowMeterId: table('meters'),
  influentMeterId: table('meters'),
  groupId: table('groupings'),
  dataTypeId: table('data_types'),
  energyId: table('data_types'),
  unitId: table('units'),
  reportingUnitId: table('units'),
  outputUnitId: table('units'),
  retailerId: table('retailers'),
  emissionFactorDataSourceId: table('emission_factor_sources'),
};

/** Fields whose meaning depends on the asset (a status id is an organisation's status on an organisation). */
const ASSET_FIELD_SOURCES: Record<string, Record<string, Source>> = {
  organisation: { statusId: { labels: ORGANISATION_STATUS_LABELS } },
};

/** An advanced right is recorded as `{assetType} {assetId}: rightId`. */
const RIGHT_KEY = /^(organisation|site-group|meter-group|site|entity|meter) (\d+)$/;
const RIGHT_ASSET_SOURCES: Record<string, Source> = {
  organisation: table('organisations'),
  'site-group': table('groupings'),
  'meter-group': table('groupings'),
  site: table('sites'),
  entity: table('entities'),
  meter: table('meters'),
};

const asId = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) ? v : null);

function sourceOf(event: AuditEvent, field: string): Source | undefined {
  if (RIGHT_KEY.test(field) && event.action.includes('advanced right')) return { labels: ACCESS_LABELS };
  return ASSET_FIELD_SOURCES[event.assetType]?.[field] ?? FIELD_SOURCES[field];
}

function rightAsset(event: AuditEvent, field: string) {
  const m = event.action.includes('advanced right') ? RIGHT_KEY.exec(field) : null;
  return m ? { type: m[1] as string, id: Number(m[2]), source: RIGHT_ASSET_SOURCES[m[1] as string] } : null;
}

/** The ids the events name, by where their names are (for one lookup). */
export function idsToName(events: AuditEvent[]): { source: NameSource; ids: number[] }[] {
  const wanted = new Map<string, { source: NameSource; ids: Set<number> }>();
  const want = (source: Source | undefined, id: number | null) => {
    if (!source || 'labels' in source || id === null) return;
    const key = sourceKey(source);
    const entry = wanted.get(key) ?? { source, ids: new Set<number>() };
    entry.ids.add(id);
    wanted.set(key, entry);
  };
  for (const e of events) {
    for (const [field, c] of Object.entries(e.changes)) {
      const source = sourceOf(e, field);
      want(source, asId(c.before));
      want(source, asId(c.after));
      const asset = rightAsset(e, field);
      if (asset) want(asset.source, asset.id);
    }
  }
  return [...wanted.values()].map(({ source, ids }) => ({ source, ids: [...ids] }));
}

/**
 * The events with ids shown as names: a value whose field names an id becomes that id's name, and an
 * advanced right's `site 12` becomes `site Head Office`. An id whose name is not found stays as it was.
 */
export function withNames(events: AuditEvent[], found: Map<string, Map<number, string>>): AuditEvent[] {
  const nameOf = (source: Source | undefined, v: unknown): unknown => {
    const id = asId(v);
    if (!source || id === null) return v;
    if ('labels' in source) return source.labels[id] ?? v;
    return found.get(sourceKey(source))?.get(id) ?? v;
  };
  return events.map((e) => {
    const changes: Record<string, FieldChange> = {};
    for (const [field, c] of Object.entries(e.changes)) {
      const source = sourceOf(e, field);
      const asset = rightAsset(e, field);
      const assetName = asset && nameOf(asset.source, asset.id);
      const key = asset && typeof assetName === 'string' ? `${asset.type} ${assetName}` : field;
      changes[key] = { before: nameOf(source, c.before), after: nameOf(source, c.after) };
    }
    return { ...e, changes };
  });
}
