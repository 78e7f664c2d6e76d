import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Readable, Writable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { finished } from 'node:stream/promises';
import type { RunReport } from '@verdant/contracts/reports/run';
import type { Db } from '@verdant/db/client';
import { REPORT_MSG } from '@verdant/domain/reports/messages';
import { monthsOf, normalisePeriod, relativeOptions } from '@verdant/domain/reports/periods';
import { OUTPUT_FILES, type Output, type RelativePeriod } from '@verdant/domain/reports/report-types';
import { badRequest, notFound } from '../../lib/errors';
import type { OrganisationContext } from '../../lib/organisation-context';
import { orgOf } from '../../lib/organisation-context';
import { type Principal, visibleMeters } from '../../lib/rights';
import type { Storage } from '../../lib/storage';
import type { Caller } from '../../plugins/auth';
import type { PageChrome } from './pdf-page';
import { renderReport } from './render-report';
import { assetMeters, assetName, organisationOf } from './report-assets.queries';
import { withBasisLine } from './report-basis';
import { definitionOf } from './report-catalogue.service';
import type { ReportDefinition, SettingValues } from './report-definition';
import type { ReportDocument } from './report-document';
import { settingsOf } from './report-settings';

/**
 * Running a report (docs/decisions/reports.md, Running a report): the report, output, asset, period and
 * settings checked; the asset's meters narrowed to those the caller may see (an asset with none is 'not
 * found', as one of another organisation is); the document built from the read model and rendered.
 */

export interface ReportRequest {
  id: number;
  output: Output;
  asset: { type: RunReport['asset']['type']; id: number | null };
  start: string | null;
  end: string | null;
  settings: SettingValues;
}

/**
 * A report drawn to a file of its own on disk (docs/decisions/reports.md, Streamed files): never held whole in
 * memory; whoever takes it sends or stores it and then disposes of it.
 */
export interface ReportFile {
  path: string;
  /** Bytes. */
  size: number;
  /** The file read whole and then disposed of (an attachment, below the link threshold). */
  take(): Promise<Buffer>;
  /** The file as a stream that disposes of it once read or abandoned. */
  stream(): Readable;
  dispose(): Promise<void>;
  filename: string;
  contentType: string;
  /** The fingerprint of the inputs (the provenance's). */
  fingerprint: string;
  empty: boolean;
  /** Where the run's time went, in ms: checking, building the document from the read model, drawing it. */
  timings: { checkMs: number; buildMs: number; drawMs: number };
}

const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** The organisation's logo as PNG or JPEG bytes for the PDF (other formats converted), or null. */
async function logoOf(storage: Storage, key: string | null): Promise<PageChrome['logo']> {
  if (!key) return null;
  try {
    const stream = await storage.get(key);
    if (!stream) return null;
    const data = await buffer(stream);
    if (key.endsWith('png')) return { data, type: 'png' };
    if (key.endsWith('jpg') || key.endsWith('jpeg')) return { data, type: 'jpeg' };
    const { default: sharp } = await import('sharp');
    return { data: await sharp(data).png().toBuffer(), type: 'png' };
  } catch {
    // A logo that cannot be read leaves the page without one rather than failing the report.
    return null;
  }
}

export function createReportRunService({ db, storage }: { db: Db; storage: Storage }) {
  /**
   * Checks a request as running it would, without building it: the report, output, level, the asset (one the
   * principal may see), the period and the settings. Answers what the run needs.
   */
  async function check(
    principal: Principal,
    org: OrganisationContext,
    req: ReportRequest,
    definition?: ReportDefinition,
  ) {
    const r = definition ?? definitionOf(req.id);
    if (!r.outputs.includes(req.output)) {
      throw badRequest(REPORT_MSG.outputNotOffered.replace('{output}', req.output));
    }
    if (!r.levels.includes(req.asset.type)) {
      throw badRequest(REPORT_MSG.levelNotOffered.replace('{level}', req.asset.type));
    }
    const whole = req.asset.type === 'organisation' || req.asset.type === 'none';
    if (!whole && req.asset.id === null) throw badRequest(REPORT_MSG.assetRequired);
    const assetId = whole ? null : req.asset.id;
    const name = await assetName(db, org.id, req.asset.type, assetId);
    if (name === undefined) throw notFound(REPORT_MSG.assetNotFound);
    const visible = await visibleMeters(db, principal, org.id);
    const meters = await assetMeters(db, org.id, { type: req.asset.type, id: assetId }, visible);
    if (!whole && meters.length === 0 && visible !== null) throw notFound(REPORT_MSG.assetNotFound);
    const period = normalisePeriod(
      r.type,
      r.length ?? null,
      { start: req.start ?? undefined, end: req.end ?? undefined },
      { today: org.today, reportingYearEnd: org.reportingYearEnd },
    );
    if (!period.ok) {
      throw badRequest(period.message, period.field ? { [period.field]: [period.message] } : undefined);
    }
    const settings = settingsOf(r, req.settings);
    return { r, whole, assetId, name, visible, meters, period: period.range, settings };
  }

  /** The rows a checked request's work reads, roughly (meters x months, or the report's own estimate). */
  async function estimate(principal: Principal, org: OrganisationContext, req: ReportRequest) {
    const c = await check(principal, org, req);
    const meterIds = c.whole && c.visible === null ? null : c.meters.map((m) => m.id);
    if (c.r.estimate) {
      return c.r.estimate({ db, org, meters: c.meters, period: c.period, settings: c.settings, meterIds });
    }
    return c.meters.length * (c.period ? monthsOf(c.period).length : 1);
  }

  /**
   * A report's document for an organisation as `principal` sees it: checked, then built from the read model
   * (a definition outside the catalogue may be given: a page of the complimentary report).
   */
  async function document(
    principal: Principal,
    org: OrganisationContext,
    req: ReportRequest,
    definition?: ReportDefinition,
    progress: (done: number, total: number) => void = () => {},
  ) {
    const t0 = performance.now();
    const { r, whole, assetId, name, visible, meters, period, settings } = await check(
      principal,
      org,
      req,
      definition,
    );
    const checkMs = performance.now() - t0;
    progress(1, 4);
    const organisation = await organisationOf(db, org.id);
    const built = await r.build({
      db,
      org,
      organisationName: organisation?.name ?? '',
      asset: {
        type: req.asset.type,
        id: assetId,
        name,
        // The organisation as the dashboard counts it when every meter is seen; otherwise exactly these.
        meterIds: whole && visible === null ? null : meters.map((m) => m.id),
        siteIds: [...new Set(meters.map((m) => m.site_id))],
      },
      meters,
      visible,
      period,
      settings,
      output: req.output,
      progress,
    });
    progress(2, 4);
    return { r, period, organisation, document: withBasisLine(r, built), checkMs };
  }

  /** Draws a document in an output format to `out`, with the organisation's name, logo and the run's footer. */
  async function draw(
    built: ReportDocument,
    output: Output,
    org: OrganisationContext,
    organisation: { name: string; logo: string | null } | undefined,
    out: Writable,
  ): Promise<void> {
    await renderReport(built, output, out, {
      organisation: organisation?.name ?? '',
      logo: await logoOf(storage, organisation?.logo ?? null),
      footer: `Run ${org.today.split('-').reverse().join('/')} · fingerprint ${built.provenance.fingerprint.slice(0, 16)}`,
    });
  }

  /** Runs a report for an organisation as `principal` sees it (a request, or a favourite or schedule). */
  async function render(
    principal: Principal,
    org: OrganisationContext,
    req: ReportRequest,
    progress: (done: number, total: number) => void = () => {},
  ): Promise<ReportFile> {
    const t0 = performance.now();
    const {
      r,
      period,
      organisation,
      document: built,
      checkMs,
    } = await document(principal, org, req, undefined, progress);
    const t2 = performance.now();
    const dir = await mkdtemp(path.join(tmpdir(), 'verdant-report-'));
    const file = OUTPUT_FILES[req.output];
    const where = path.join(dir, `report.${file.extension}`);
    const dispose = () => rm(dir, { recursive: true, force: true });
    const fingerprint = built.provenance.fingerprint;
    try {
      const out = createWriteStream(where);
      await draw(built, req.output, org, organisation, out);
      if (!out.writableFinished) {
        out.end();
        await finished(out);
      }
    } catch (err) {
      await dispose();
      throw err;
    }
    progress(3, 4);
    const size = (await stat(where)).size;
    const when = period ? period.start.slice(0, 7) : org.today;
    return {
      path: where,
      size,
      take: async () => {
        try {
          return await readFile(where);
        } finally {
          await dispose();
        }
      },
      stream: () => {
        const s = createReadStream(where);
        s.once('close', () => void dispose());
        return s;
      },
      dispose,
      filename: `${slug(r.name)}-${when}.${file.extension}`,
      contentType: file.contentType,
      fingerprint,
      empty: built.empty,
      timings: { checkMs, buildMs: t2 - t0 - checkMs, drawMs: performance.now() - t2 },
    };
  }

  return {
    check,
    estimate,
    render,
    document,
    draw,
    /** Whether a report's period may slide by `relative` (a favourite's or a schedule's). */
    slides: (reportId: number, relative: RelativePeriod) =>
      relativeOptions(definitionOf(reportId).type).includes(relative),
    run: (a: Caller, req: ReportRequest) => render(a.principal, orgOf(a), req),
  };
}

export type ReportRunService = ReturnType<typeof createReportRunService>;
