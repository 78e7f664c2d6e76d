import { reportsOperations } from '@verdant/contracts/reports';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerOperations } from '../../lib/operations';
import { callerOf } from '../../plugins/auth';
import type { EmailNowService } from './email-now.service';
import type { EmailedService } from './emailed.service';
import type { FavouriteFormService } from './favourite-form.service';
import type { FavouritesService } from './favourites.service';
import type { ReportCatalogueService } from './report-catalogue.service';
import { type LinkDelivery, linkedFile } from './report-delivery';
import type { ReportJobsService } from './report-jobs.service';
import type { ReportFile, ReportRunService } from './report-run.service';

/** The reports' calls (data-portal.md 7, Graphs and reports). */
export const reportsRoutes: FastifyPluginAsyncZod<{
  catalogue: ReportCatalogueService;
  runner: ReportRunService;
  favourites: FavouritesService;
  email: EmailNowService;
  emailed: EmailedService;
  forms: FavouriteFormService;
  jobs: ReportJobsService;
  delivery: LinkDelivery;
  clock: () => Date;
}> = async (app, { catalogue, runner, favourites, email, emailed, forms, jobs, delivery, clock }) => {
  // A favourite runs by form POST (data-portal.md 7): the form's fields as the body's object.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  const send = (reply: FastifyReply, file: ReportFile) =>
    reply
      .type(file.contentType)
      .header('content-disposition', `attachment; filename="${file.filename}"`)
      .header('content-length', file.size)
      .header('x-report-fingerprint', file.fingerprint)
      .header(
        'server-timing',
        `check;dur=${file.timings.checkMs.toFixed(0)}, build;dur=${file.timings.buildMs.toFixed(0)}, draw;dur=${file.timings.drawMs.toFixed(0)}`,
      )
      // Streamed from the file on disk, which goes once it has been read (docs/decisions/reports.md, Streamed files).
      .send(file.stream());
  registerOperations(app, reportsOperations, {
    tags: () => catalogue.tags(),
    list: (req) => catalogue.list(callerOf(req)),
    creationData: (req) => catalogue.creationData(callerOf(req), req.params.reportId),
    availableAssets: (req) => catalogue.availableAssets(callerOf(req), req.params.reportId, req.query.level),
    run: async (req, reply) => {
      // A slow run goes to the jobs centre (docs/decisions/reports.md, Slow reports run as jobs).
      const queued = await jobs.queueIfSlow(callerOf(req), req.body);
      if (queued) return reply.code(202).send(queued);
      return send(reply, await runner.run(callerOf(req), req.body));
    },
    reportFileLink: async (req, reply) => {
      const file = await linkedFile(delivery, req.params, clock());
      return reply
        .type(file.contentType)
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .send(file.stream);
    },
    runFile: async (req, reply) => {
      const file = await jobs.file(callerOf(req), req.params.jobId);
      return reply
        .type(file.contentType)
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('content-length', file.size)
        .header('x-report-fingerprint', file.fingerprint)
        .send(file.stream);
    },
    favourites: (req) => favourites.list(callerOf(req)),
    saveFavourite: (req) => favourites.saveText(callerOf(req), req.body.name, req.body.report),
    renameFavourite: (req) => favourites.rename(callerOf(req), req.body.name, req.body.newName),
    deleteFavourite: (req) => favourites.remove(callerOf(req), req.body.name),
    createFavourite: (req) => favourites.save(callerOf(req), req.body),
    runFavourite: async (req, reply) => send(reply, await favourites.run(callerOf(req), req.body.name)),
    favouriteLink: (req) => forms.link(callerOf(req), req.body.name),
    downloadFavourite: async (req, reply) => send(reply, await forms.download(req.body)),
    emailNow: (req) => email.send(callerOf(req), req.body),
    createEmailed: (req) => emailed.create(callerOf(req), req.body),
    orgEmailedReports: (req) => emailed.list(callerOf(req)),
    updateEmailed: (req) => emailed.update(callerOf(req), req.params.emailId, req.body),
    deleteEmailed: (req) => emailed.remove(callerOf(req), req.params.emailId),
    reportOwners: (req) => emailed.owners(callerOf(req)),
    reassignReports: (req) => emailed.reassign(callerOf(req), req.query.from, req.query.to, req.body),
    organisationAccess: async (req) => emailed.access(callerOf(req)),
  });
};
