// What the clients of `npm run bench:load` do: the browsing mix of signed-in reads, and editors saving invoices
// of the demo organisation (each its own invoice, saved again and again with its meter's ledger recomputed).
import { invoiceInput } from '@verdant/contracts/invoices/entry';
import pg from 'pg';
import { type Answer, type Group, request } from './load-client';

const PASSWORD = 'Verdant-demo-1';

export interface Session {
  token: string;
  org: string;
}

/** `count` sessions of the demo account, as that many people signed in to the demo organisation. */
export async function signIn(base: string, count: number): Promise<Session[]> {
  const sessions: Session[] = [];
  for (let i = 0; i < count; i++) {
    const answer = await request(
      base,
      'POST',
      '/api/public/login',
      { 'content-type': 'application/json' },
      JSON.stringify({ username: 'demo', password: PASSWORD }),
    );
    if (answer.status !== 200) throw new Error(`sign-in answered ${answer.status}: ${answer.body}`);
    const token = JSON.parse(answer.body).data.token as string;
    const details = await request(base, 'GET', '/api/current-user/user-details', {
      authorization: `Bearer ${token}`,
    });
    sessions.push({ token, org: String(details.headers['x-organisation-id']) });
  }
  return sessions;
}

const browsing = (org: string) => [
  '/api/current-user/user-details',
  '/api/current-user/org-summary',
  '/api/current-user/full-menu',
  '/api/current-user/available-orgs',
  '/api/current-user/browse?type=site',
  `/api/organisations/${org}/sites`,
  '/api/dashboard/yearly-comparison-cons',
  '/api/users',
  '/api/lookups/energy-types',
];

export function browsingGroup(base: string, sessions: Session[]): Group {
  return {
    label: `browsing mix (${browsing('').length} signed-in reads in turn)`,
    clients: sessions.length,
    next(client, i) {
      const session = sessions[client] ?? { token: '', org: '' };
      const urls = browsing(session.org);
      const url = urls[(client + i) % urls.length] ?? '';
      return {
        url,
        answer: request(base, 'GET', url, { authorization: `Bearer ${session.token}` }),
      };
    },
  };
}

/**
 * One editable invoice for each editor, on as many different meters: each editor saves its invoice again and
 * again (its notes changed, so the save writes), each save checked, stored and its meter's ledger recomputed.
 */
export async function editorsGroup(base: string, sessions: Session[], databaseUrl: string): Promise<Group> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const org = Number(sessions[0]?.org);
  let candidates: number[];
  try {
    const { rows } = await client.query<{ id: number }>(
      `select distinct on (m.meter_id) i.id from invoices i
         join invoice_meters m on m.organisation_id = i.organisation_id and m.invoice_id = i.id
        where i.organisation_id = $1 and i.kind = 'normal'
          and not exists (select 1 from invoice_reversals r
                           where r.organisation_id = i.organisation_id and r.reversed_id = i.id)
        order by m.meter_id, i.date_from desc limit 200`,
      [org],
    );
    candidates = rows.map((r) => Number(r.id));
  } finally {
    await client.end();
  }
  const bodies: string[] = [];
  for (const id of candidates) {
    if (bodies.length === sessions.length) break;
    const token = sessions[bodies.length]?.token ?? '';
    const page = await request(base, 'GET', `/api/invoices/get/${id}`, { authorization: `Bearer ${token}` });
    if (page.status !== 200) continue;
    const data = JSON.parse(page.body) as { editable: boolean; mayEdit: boolean };
    if (!data.editable || !data.mayEdit) continue;
    const input = invoiceInput.parse(data);
    const dry = await save(base, token, JSON.stringify({ ...input, dryRun: true }));
    if (!savedWithoutErrors(dry, true)) continue;
    bodies.push(JSON.stringify(input));
  }
  if (bodies.length < sessions.length)
    throw new Error(`only ${bodies.length} editable invoices found for ${sessions.length} editors`);
  return {
    label: `invoice editors (PUT /api/invoices/save with its recompute)`,
    clients: sessions.length,
    next(editor, i) {
      const input = JSON.parse(bodies[editor] ?? '{}') as Record<string, unknown>;
      const body = JSON.stringify({ ...input, notes: `load test save ${i}` });
      return {
        url: '/api/invoices/save',
        answer: save(base, sessions[editor]?.token ?? '', body),
        ok: (a) => savedWithoutErrors(a, false),
      };
    },
  };
}

const save = (base: string, token: string, body: string) =>
  request(
    base,
    'PUT',
    '/api/invoices/save',
    { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body,
  );

function savedWithoutErrors(answer: Answer, dryRun: boolean): boolean {
  if (answer.status !== 200) return false;
  const result = JSON.parse(answer.body) as { errors: string[]; savedInvoice: unknown };
  return result.errors.length === 0 && (dryRun || result.savedInvoice !== null);
}
