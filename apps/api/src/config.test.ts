import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('configuration for running at scale', () => {
  it('sizes the connection pool from DATABASE_POOL_SIZE, 10 by default', () => {
    expect(loadConfig({}).DATABASE_POOL_SIZE).toBe(10);
    expect(loadConfig({ DATABASE_POOL_SIZE: '25' }).DATABASE_POOL_SIZE).toBe(25);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '0' })).toThrow(/DATABASE_POOL_SIZE/);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: 'many' })).toThrow(/DATABASE_POOL_SIZE/);
  });

  it('trusts the proxy for client addresses and HTTPS only when told', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
  });
});
