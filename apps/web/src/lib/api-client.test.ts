import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The client keeps its session in sessionStorage; Node has none, so a plain in-memory one stands in.
class MemoryStorage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  clear() {
    this.items.clear();
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
}

vi.mock('@mantine/notifications', () => ({
  notifications: { show: vi.fn(), clean: vi.fn(), hide: vi.fn() },
}));

const user = {
  id: 1,
  org: 2,
  userId: 'demo',
  email: 'demo@verdant.example',
  title: null,
  firstName: 'Dana',
  surname: 'Demo',
  admin: false,
  productAdmin: false,
  access: 'General User',
  accessId: 3,
  blocked: false,
  orgBlocked: false,
  statusId: 1,
  conttypeId: 3,
  accessMechanism: 'password' as const,
};

function answer(body: unknown, status = 200, headers: Record<string, string> = {}) {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

async function load() {
  vi.resetModules();
  const client = await import('./api-client');
  const errors = await import('./api-errors');
  const store = await import('./session-store');
  store.startSession({
    token: 'tok-1',
    expiresAt: '2030-01-01T10:00:00.000Z',
    user,
    organisation: { id: 2, name: 'Demo', timeZone: 'Pacific/Auckland', alerts: 0 },
    testDrive: false,
  });
  return { ...client, ...errors, ...store };
}

describe('api client', () => {
  beforeEach(() => {
    vi.stubGlobal('sessionStorage', new MemoryStorage());
  });
  // A fake clock would outlive this file in its worker, which runs files without isolation (the stubbed globals
  // are put back by the configuration's unstubGlobals).
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends the bearer token and organisation, and keeps the refreshed token and expiry', async () => {
    const { api, getSession } = await load();
    const fetchMock = vi.fn(async () =>
      answer({ ok: 1 }, 200, {
        'x-auth-token': 'tok-2',
        'x-session-expires': '2030-01-01T11:00:00.000Z',
        'x-organisation-id': '2',
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    await expect(api.get('/current-user/org-summary')).resolves.toEqual({ ok: 1 });
    const init = (fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect(init.headers).toMatchObject({ Authorization: 'Bearer tok-1', 'X-Organisation-Id': '2' });
    expect(getSession()?.token).toBe('tok-2');
    expect(sessionStorage.getItem('verdant.expiresAt')).toBe('2030-01-01T11:00:00.000Z');
  });

  it('turns the error body into an ApiError', async () => {
    const { api, ApiError } = await load();
    const body = {
      success: false,
      message: 'Nope',
      code: 'VALIDATION',
      requestId: 'r1',
      fields: { q: ['bad'] },
    };
    vi.stubGlobal('fetch', async () => answer(body, 400, { 'x-organisation-id': '2' }));
    const error = await api.get('/current-user/full-menu').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, message: 'Nope', code: 'VALIDATION', fields: { q: ['bad'] } });
  });

  it('ignores an answer for another organisation', async () => {
    const { api, StaleOrganisationError, isSilentError } = await load();
    vi.stubGlobal('fetch', async () => answer({ ok: 1 }, 200, { 'x-organisation-id': '9' }));
    const error = await api.get('/current-user/org-summary').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StaleOrganisationError);
    expect(isSilentError(error)).toBe(true);
  });

  it('ends the session on a 401 of an authenticated call, but not of a public one', async () => {
    const { api, getSession } = await load();
    vi.stubGlobal('fetch', async () =>
      answer(
        {
          success: false,
          message: 'Login unsuccessful.  Please try again',
          code: 'UNAUTHORISED',
          requestId: 'r',
        },
        401,
      ),
    );
    await expect(api.post('/public/login', { body: {} })).rejects.toMatchObject({ status: 401 });
    expect(getSession()).not.toBeNull();
    await expect(api.get('/current-user/org-summary')).rejects.toBeTruthy();
    expect(getSession()).toBeNull();
    expect(sessionStorage.length).toBe(0);
  });

  it("gives up after 20 s with the message 'timeout'", async () => {
    vi.useFakeTimers();
    const { api } = await load();
    vi.stubGlobal(
      'fetch',
      (_url: string, init: RequestInit) =>
        new Promise((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const pending = api.get('/current-user/org-summary').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(await pending).toMatchObject({ message: 'timeout', code: 'TIMEOUT' });
  });
});
