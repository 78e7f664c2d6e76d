import { afterAll, beforeAll } from 'vitest';
import { type GraphWorld, graphWorld } from './graphs.fixture';

export let w: GraphWorld;

export type Quantity = {
  type: string;
  id?: number | null;
  filter?: string | null;
  label?: string;
  unit?: string;
};
export const q = (type: string, rest: Partial<Quantity> = {}) => ({ type, label: type, unit: '', ...rest });
export const series = (
  asset: { type: string; id: number; text?: string },
  quantity = q('cons'),
  rest: object = {},
) => ({
  asset: { text: 'x', ...asset },
  quantity,
  ...rest,
});
export const graph = (body: object, who = 'admin') =>
  w.call(who, 'POST', `/organisations/${w.org.id}/graph-data`, body);
export const org = () => ({ type: 'organisation', id: w.org.id, text: 'Graphs Org' });
export const yearly = { chart: 'yearly', period: 'month', years: [2025, 2026], endMonth: '2026-10' };

/** The test app and the world every test of this file set reads, built once per file. */
export function useFixture() {
  beforeAll(async () => {
    w = await graphWorld();
  });
  afterAll(() => w.t.close());
}
