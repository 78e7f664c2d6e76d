import type { FastifyInstance } from 'fastify';

/**
 * Stops accepting connections and waits for the requests in flight to be answered (Fastify answers 503 to any
 * new request on a kept-alive connection meanwhile); after `timeoutMs` the remaining connections are cut.
 */
export async function closeGracefully(app: FastifyInstance, timeoutMs: number): Promise<void> {
  const timer = setTimeout(() => app.server.closeAllConnections(), timeoutMs);
  try {
    await app.close();
  } finally {
    clearTimeout(timer);
  }
}
