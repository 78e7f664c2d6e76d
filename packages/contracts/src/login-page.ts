import type { AlternateLogin } from './auth';

/**
 * The two answers the login page reads as it opens (`alternateLogin` and `ssoConfig` in auth.ts), checked by
 * plain functions so that the page's first load carries no zod at all (docs/decisions/performance.md, No zod
 * on the login page's first load). login-page.test.ts holds them to the zod contracts. Like the web's other
 * public reads, they accept the answer bare or as `{ data }` (the notes list some public calls both ways).
 */
const payload = (body: unknown): unknown =>
  body !== null && typeof body === 'object' && 'data' in body ? (body as { data: unknown }).data : body;

const isRecord = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

const hasNoNul = (v: string) => !v.includes('\0');

export function readAlternateLogin(body: unknown): AlternateLogin | undefined {
  const value = isRecord(body) && 'props' in body ? body : payload(body);
  if (!isRecord(value) || !isRecord(value.props)) return undefined;
  const option = value['login-option'];
  if (option !== null && (typeof option !== 'string' || !hasNoNul(option))) return undefined;
  const props = Object.entries(value.props);
  if (!props.every(([k, v]) => hasNoNul(k) && typeof v === 'string' && hasNoNul(v))) return undefined;
  return { 'login-option': option, props: Object.fromEntries(props) as Record<string, string> };
}

export function readSsoConfig(body: unknown): { microsoft: boolean; testDrive: boolean } | undefined {
  const value = isRecord(body) && 'microsoft' in body ? body : payload(body);
  return isRecord(value) && typeof value.microsoft === 'boolean' && typeof value.testDrive === 'boolean'
    ? { microsoft: value.microsoft, testDrive: value.testDrive }
    : undefined;
}
