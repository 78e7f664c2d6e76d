/**
 * Where to go after signing in. Only same-site paths are honoured so a crafted `?next=` cannot send
 * a freshly signed-in user to another site.
 */
export function safeNextPath(next: string | null, fallback = '/dashboard'): string {
  if (!next?.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return fallback;
  if (next === '/login' || next.startsWith('/login?') || next.startsWith('/reset-password')) return fallback;
  return next;
}
