import { Transform } from 'node:stream';
import { MSG } from '@verdant/domain/messages';
import type { FastifyInstance, preParsingAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, badRequest } from '../lib/errors';

/**
 * What a request body must be before it is parsed (docs/decisions/security.md, "Request bodies: inflated
 * size and UTF-8"): a compressed body (Content-Encoding gzip, deflate or br, inflated by @fastify/compress) may
 * inflate to at most `COMPRESSED_BODY_MAX`, whatever the route takes uncompressed, so a small request cannot
 * make the server inflate and store a hundred times as much; and a JSON body must be valid UTF-8 (a body
 * that is not was parsed with substitutions and stored that way). Registered after @fastify/compress, so its
 * preParsing hook sees the inflated stream.
 */
export const COMPRESSED_BODY_MAX = 10 * 1024 * 1024;

const tooLarge = () => new AppError('BAD_REQUEST', MSG.bodyTooLarge, 413);

/** Counts an inflated body's bytes and fails it past `limit`. */
function limited(limit: number) {
  let size = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size > limit) return done(tooLarge());
      done(null, chunk);
    },
  });
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

export const bodiesPlugin = fp(async (app: FastifyInstance) => {
  // A route-level hook, added to each route after @fastify/compress's own (which inflates the body): hooks
  // of the instance would run before it and see the compressed stream.
  const limitInflated: preParsingAsyncHookHandler = async (request, _reply, payload) => {
    const encoding = String(request.headers['content-encoding'] ?? 'identity')
      .trim()
      .toLowerCase();
    if (encoding === '' || encoding === 'identity') return payload;
    const counted = limited(COMPRESSED_BODY_MAX);
    payload.on('error', (error) => counted.destroy(error));
    // Fastify checks Content-Length against the bytes received, which the inflating stream reports.
    Object.defineProperty(counted, 'receivedEncodedLength', {
      get: () => (payload as { receivedEncodedLength?: number }).receivedEncodedLength,
    });
    return payload.pipe(counted);
  };
  app.addHook('onRoute', (route) => {
    route.preParsing = [route.preParsing ?? []].flat().concat(limitInflated);
  });

  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body: Buffer, done) => {
    let text: string;
    try {
      text = utf8.decode(body);
    } catch {
      return done(badRequest(MSG.notUtf8), undefined);
    }
    parseJson(request, text, done);
  });
});
