import { HEADERS } from '@verdant/contracts/headers';
import { REQUEST_TIMEOUT_MS } from '@verdant/domain/constants';
// The catalogue's general part only: the login page loads no other (docs/performance.md, Page weight).
import { GENERAL_MESSAGES as MSG } from '@verdant/domain/messages-general';
import type { $ZodType } from 'zod/v4/core';
import { ApiError, SessionEndedError, StaleOrganisationError } from './api-errors';
import { showInfoBanner } from './banners';
import { clearClientState } from './client-state';
import { getSession, getSessionEpoch, refreshSession } from './session-store';

export const API_BASE = '/api';
const NETWORK_FAILED = 'Could not reach the server. Please check your connection and try again.';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RequestOptions<T> {
  method?: Method;
  body?: unknown;
  /**
   * The shared contract for the answer; a body that does not fit is reported, not passed on. A function
   * loads the contract when the answer arrives (the login page's calls, so its first load carries no zod).
   */
  schema?: $ZodType<T> | (() => Promise<$ZodType<T>>);
  signal?: AbortSignal;
  /** Set only on the switch-organisation call: its answer legitimately names another organisation. */
  organisationChange?: boolean;
  /** A file download: a successful answer is returned as a Blob (failures still carry the error shape). */
  blob?: boolean;
  /** Sends `body` (a string, or a Blob's bytes) as is with this content type, instead of as JSON (raw uploads). */
  contentType?: string;
  /** Sends `body` (a Blob) as a file's raw bytes with its name in the filename header (the spec's uploads). */
  fileName?: string;
  /** Longer than the usual limit (uploads). */
  timeoutMs?: number;
}

/**
 * The one way the web app talks to the API: bearer token and organisation header out, refreshed token
 * and sliding expiry in, a 20 s limit, 401 ends the session, and answers for an organisation the user
 * has left are dropped.
 */
export async function apiRequest<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const session = getSession();
  const authenticated = session !== null && !path.startsWith('/public/');
  const epoch = getSessionEpoch();
  const sentOrganisation = authenticated ? (session.organisation?.id ?? null) : null;

  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.fileName !== undefined) {
    headers['Content-Type'] = 'application/octet-stream';
    headers[HEADERS.filename] = encodeURIComponent(options.fileName);
  } else if (options.body !== undefined) {
    headers['Content-Type'] = options.contentType ?? 'application/json';
  }
  if (authenticated) {
    headers.Authorization = `Bearer ${session.token}`;
    if (sentOrganisation !== null) headers['X-Organisation-Id'] = String(sentOrganisation);
  }

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? REQUEST_TIMEOUT_MS);
  const forwardAbort = () => controller.abort();
  if (options.signal?.aborted) controller.abort();
  options.signal?.addEventListener('abort', forwardAbort, { once: true });

  let response: Response;
  let body: unknown;
  try {
    response = await fetch(API_BASE + path, {
      method: options.method ?? 'GET',
      headers,
      body: encodeBody(options),
      signal: controller.signal,
      credentials: 'same-origin',
    });
    body = options.blob && response.ok ? await response.blob() : await readBody(response);
  } catch (error) {
    if (timedOut) throw new ApiError(0, MSG.timeout, 'TIMEOUT');
    if (options.signal?.aborted) throw error;
    throw new ApiError(0, NETWORK_FAILED, 'NETWORK');
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', forwardAbort);
  }

  if (authenticated) {
    // Signed out or signed in again while this was in flight: the answer belongs to nobody now.
    if (epoch !== getSessionEpoch()) throw new SessionEndedError();
    if (response.status === 401) {
      clearClientState();
      showInfoBanner(MSG.sessionExpired);
      throw new SessionEndedError();
    }
    refreshSession(response.headers.get(HEADERS.token), response.headers.get(HEADERS.expires));
    if (
      !options.organisationChange &&
      isStale(sentOrganisation, response.headers.get(HEADERS.organisation))
    ) {
      throw new StaleOrganisationError();
    }
  }

  if (!response.ok) throw await toApiError(response.status, body);
  if (!options.schema || options.blob) return body as T;
  const schema =
    typeof options.schema === 'function'
      ? await options.schema().catch(() => {
          throw new ApiError(0, NETWORK_FAILED, 'NETWORK');
        })
      : options.schema;
  // zod loads with the first checked answer, not with the first page (the login page checks none).
  const { safeParse } = await import('zod/v4/core');
  const parsed = safeParse(schema, body);
  if (!parsed.success) {
    console.error(`Answer of ${options.method ?? 'GET'} ${path} does not fit its contract`, parsed.error);
    throw new ApiError(response.status, MSG.internal, 'INVALID_RESPONSE');
  }
  return parsed.data;
}

function encodeBody(options: RequestOptions<unknown>): BodyInit | undefined {
  if (options.body === undefined) return undefined;
  if (options.fileName !== undefined) return options.body as Blob;
  if (options.contentType) return options.body instanceof Blob ? options.body : String(options.body);
  return JSON.stringify(options.body);
}

function isStale(sent: number | null, answered: string | null): boolean {
  if (sent === null) return false;
  if (answered !== null && answered !== String(sent)) return true;
  // The user may have switched organisation locally after this request left.
  return getSession()?.organisation?.id !== sent;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  if (!(response.headers.get('content-type') ?? '').includes('json')) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

const FALLBACK_MESSAGES: Record<number, string> = {
  400: MSG.validation,
  401: MSG.unauthorised,
  403: MSG.forbidden,
  404: MSG.notFound,
  429: 'Too many requests. Please wait a moment and try again.',
};

async function toApiError(status: number, body: unknown): Promise<ApiError> {
  // Loaded on the first error; if even that fails, the status's own message stands.
  const contract = await import('@verdant/contracts/common').catch(() => null);
  const parsed = contract?.errorResponse.safeParse(body);
  if (parsed?.success) {
    const { message, code, fields, requestId } = parsed.data;
    return new ApiError(status, message, code, fields ?? {}, requestId);
  }
  return new ApiError(status, FALLBACK_MESSAGES[status] ?? MSG.internal, `HTTP_${status}`);
}

type Call = <T = unknown>(path: string, options?: Omit<RequestOptions<T>, 'method'>) => Promise<T>;

const withMethod =
  (method: Method): Call =>
  (path, options) =>
    apiRequest(path, { ...options, method });

export const api = {
  get: withMethod('GET'),
  post: withMethod('POST'),
  put: withMethod('PUT'),
  delete: withMethod('DELETE'),
};
