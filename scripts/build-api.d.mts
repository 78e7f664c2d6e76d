export const root: string;
export const API_DIST: string;
export function buildApi(outdir?: string): Promise<string>;
export function buildApiIfStale(): Promise<boolean>;
