import { idParam } from '@verdant/contracts/common';
import {
  contractCreated,
  contractParams,
  newContractRequest,
  newNhhRate,
  newPpdRate,
  newTouRatesRequest,
  nhhRatesAdded,
  nhhRatesList,
  ppdContractsList,
  ppdRatesAdded,
  ppdRatesList,
  templateQuery,
  touContractsList,
  touRatesList,
  uploadResult,
} from '@verdant/contracts/rates';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '../../lib/errors';
import { editorOf, memberOf, REQUEST_ERRORS, signedInDocs } from '../../lib/route-docs';
import { callerOf } from '../../plugins/auth';
import type { RatesService } from './rates.service';

const base = signedInDocs('Rates');
const errors = REQUEST_ERRORS;
const member = memberOf('params.id');
const editor = editorOf('params.id');
const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;

export const ratesRoutes: FastifyPluginAsyncZod<{ service: RatesService }> = async (app, { service }) => {
  // The TOU upload is the raw CSV (core-portal.md 7).
  app.addContentTypeParser(
    ['text/csv', 'text/plain'],
    { parseAs: 'string', bodyLimit: UPLOAD_MAX_BYTES },
    (_r, body, done) => done(null, body),
  );
  const org = '/organisations/:id';

  app.get(
    `${org}/tou-contracts`,
    {
      config: member,
      schema: {
        ...base,
        summary: 'TOU contracts, day types and time periods',
        params: idParam,
        response: { 200: touContractsList, ...errors },
      },
    },
    async (req) => service.touContracts(callerOf(req), req.params.id),
  );
  app.post(
    `${org}/tou-contracts`,
    {
      config: editor,
      schema: {
        ...base,
        summary: 'New TOU contract',
        params: idParam,
        body: newContractRequest,
        response: { 200: contractCreated, ...errors },
      },
    },
    async (req) => service.newTouContract(callerOf(req), req.params.id, req.body),
  );
  app.get(
    `${org}/tou-contracts/:contractId/rates`,
    {
      config: member,
      schema: {
        ...base,
        summary: "A TOU contract's monthly rates",
        params: contractParams,
        response: { 200: touRatesList, ...errors },
      },
    },
    async (req) => service.touRates(req.params.id, req.params.contractId),
  );
  app.post(
    `${org}/tou-contracts/:contractId/rates`,
    {
      config: editor,
      schema: {
        ...base,
        summary: 'Add monthly TOU rates (a stored month is refused)',
        params: contractParams,
        body: newTouRatesRequest,
        response: { 200: uploadResult, ...errors },
      },
    },
    async (req) => service.addTouRates(callerOf(req), req.params.id, req.params.contractId, req.body),
  );
  app.get(
    `${org}/tou-contracts/create-template`,
    {
      config: member,
      schema: {
        ...base,
        summary: "The TOU rates template (CSV) of a data source's contract",
        params: idParam,
        querystring: templateQuery,
        response: { 200: z.string(), ...errors },
      },
    },
    async (req, reply) => {
      const t = await service.template(req.params.id, req.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${t.filename}"`)
        .send(t.csv);
    },
  );
  app.post(
    `${org}/tou-contracts/upload-rates`,
    {
      config: editor,
      schema: {
        ...base,
        summary: 'Upload TOU rates (raw CSV of the template): lands whole or not at all',
        params: idParam,
        response: { 200: uploadResult, ...errors },
      },
    },
    async (req) => {
      if (typeof req.body !== 'string') throw badRequest('Send the rates as CSV (content-type text/csv)');
      return service.upload(callerOf(req), req.params.id, req.body);
    },
  );

  app.get(
    `${org}/ntou-contract-rates`,
    {
      config: member,
      schema: { ...base, summary: 'NHH rates', params: idParam, response: { 200: nhhRatesList, ...errors } },
    },
    async (req) => service.nhhRates(callerOf(req), req.params.id),
  );
  app.post(
    `${org}/ntou-contract-rates`,
    {
      config: editor,
      schema: {
        ...base,
        summary: 'Add an NHH rate (an overlapping period is refused)',
        params: idParam,
        body: newNhhRate,
        response: { 200: nhhRatesAdded, ...errors },
      },
    },
    async (req) => service.addNhhRate(callerOf(req), req.params.id, req.body),
  );

  app.get(
    `${org}/ppd-contracts`,
    {
      config: member,
      schema: {
        ...base,
        summary: 'Prompt payment discount contracts with their rates',
        params: idParam,
        response: { 200: ppdContractsList, ...errors },
      },
    },
    async (req) => service.ppdContracts(callerOf(req), req.params.id),
  );
  app.post(
    `${org}/ppd-contracts`,
    {
      config: editor,
      schema: {
        ...base,
        summary: 'New PPD contract',
        params: idParam,
        body: newContractRequest,
        response: { 200: contractCreated, ...errors },
      },
    },
    async (req) => service.newPpdContract(callerOf(req), req.params.id, req.body),
  );
  app.get(
    `${org}/ppd-contracts/:contractId/rates`,
    {
      config: member,
      schema: {
        ...base,
        summary: "A PPD contract's rates",
        params: contractParams,
        response: { 200: ppdRatesList, ...errors },
      },
    },
    async (req) => service.ppdRates(callerOf(req), req.params.id, req.params.contractId),
  );
  app.post(
    `${org}/ppd-contracts/:contractId/rates`,
    {
      config: editor,
      schema: {
        ...base,
        summary: 'Add a PPD rate (an overlapping period is refused)',
        params: contractParams,
        body: newPpdRate,
        response: { 200: ppdRatesAdded, ...errors },
      },
    },
    async (req) => service.addPpdRate(callerOf(req), req.params.id, req.params.contractId, req.body),
  );
};
