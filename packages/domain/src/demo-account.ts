/** The built-in free test drive account: the login page's "free test drive" link signs in with it. */
export const DEMO_ACCOUNT = { username: 'demo', password: 'Verdant-demo-1' } as const;
