import { administrator } from './access';
import { errorResponse, idParam } from './common';
import {
  intakeAddressAnswer,
  intakeAddressBody,
  intakeAddressList,
  intakeAddressParams,
  intakeDeleted,
} from './email-processing/intake-addresses';
import {
  logList,
  logParams,
  messageAnswer,
  okResponse,
  parkedList,
  queueEmailParams,
  trimQuery,
} from './email-processing/queues';
import {
  rerunAnswer,
  retailerParam,
  templateBody,
  templateDetail,
  templateList,
  templateVersion,
  trialAnswer,
} from './email-processing/templates';
import { defineOperations } from './operations';

const admin = 'product-administrator' as const;
const base = '/admin/email-processing';
/** An organisation's own intake addresses: its administrators, and product administrators (decisions). */
const orgAdmin = administrator('params.id');
const addresses = '/organisations/:id/email-intake-addresses';

/**
 * Email processing (data-portal.md 2.9, 4, 7): the queues of parked and deferred items, the preprocess logs,
 * and the retailers' PDF templates. Product administrators only.
 */
export const emailProcessingOperations = defineOperations('email-processing', {
  parked: {
    method: 'GET',
    path: `${base}/parked`,
    summary: 'Parked and deferred email items awaiting resolution',
    access: admin,
    answer: parkedList,
  },
  download: {
    method: 'GET',
    path: `${base}/:queue/email/:name`,
    summary: 'The original attachment of a parked or deferred item',
    access: admin,
    params: queueEmailParams,
    answer: 'file',
  },
  remove: {
    method: 'DELETE',
    path: `${base}/:queue/email/:name`,
    summary: 'Delete a parked or deferred item (it goes to the rejected log)',
    access: admin,
    params: queueEmailParams,
    answer: okResponse,
    answers: { 409: errorResponse },
  },
  resend: {
    method: 'POST',
    path: `${base}/:queue/:name/resend`,
    summary: 'Schedule an item to be processed again',
    access: admin,
    params: queueEmailParams,
    answer: okResponse,
    answers: { 409: errorResponse },
  },
  trim: {
    method: 'GET',
    path: `${base}/preprocess-logs/trim`,
    summary: 'Remove the preprocess log entries before a date',
    access: admin,
    intent: 'changes',
    query: trimQuery,
    answer: messageAnswer,
  },
  log: {
    method: 'GET',
    path: `${base}/preprocess-logs/:log`,
    summary: 'The rejected or accepted preprocess log, newest first',
    access: admin,
    params: logParams,
    answer: logList,
  },
  templates: {
    method: 'GET',
    path: `${base}/templates`,
    summary: "Retailers' PDF templates and the retailers that may have one",
    access: admin,
    answer: templateList,
  },
  template: {
    method: 'GET',
    path: `${base}/templates/:retailerId`,
    summary: "A retailer's template versions and its parked items read with the newest",
    access: admin,
    params: retailerParam,
    answer: templateDetail,
  },
  trial: {
    method: 'POST',
    path: `${base}/templates/:retailerId/trial`,
    summary: "Read the retailer's parked items with a template that is not published",
    access: admin,
    intent: 'reads',
    params: retailerParam,
    body: templateBody,
    answer: trialAnswer,
  },
  publish: {
    method: 'POST',
    path: `${base}/templates/:retailerId/versions`,
    summary: "Publish a new version of the retailer's template",
    access: admin,
    params: retailerParam,
    body: templateBody,
    answer: templateVersion,
  },
  rerunRetailer: {
    method: 'POST',
    path: `${base}/templates/:retailerId/rerun`,
    summary: "Schedule the retailer's parked items to be processed again",
    access: admin,
    params: retailerParam,
    answer: rerunAnswer,
  },
  intakeAddresses: {
    method: 'GET',
    path: addresses,
    summary: "The organisation's intake addresses for invoices by email",
    access: orgAdmin,
    params: idParam,
    answer: intakeAddressList,
  },
  createIntakeAddress: {
    method: 'POST',
    path: addresses,
    summary: 'Add an intake address to the organisation',
    access: orgAdmin,
    params: idParam,
    body: intakeAddressBody,
    answer: intakeAddressAnswer,
  },
  updateIntakeAddress: {
    method: 'PUT',
    path: `${addresses}/:addressId`,
    summary: 'Change an intake address: its allowed senders, receipts, whether it is active',
    access: orgAdmin,
    params: intakeAddressParams,
    body: intakeAddressBody,
    answer: intakeAddressAnswer,
  },
  deleteIntakeAddress: {
    method: 'DELETE',
    path: `${addresses}/:addressId`,
    summary: 'Delete an intake address (the messages received through it stay)',
    access: orgAdmin,
    params: intakeAddressParams,
    answer: intakeDeleted,
  },
});
