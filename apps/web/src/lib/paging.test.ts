import { describe, expect, it } from 'vitest';
import { nextPageOffset, pageQuery } from './paging';

const page = (n: number, total: number) => ({ rows: Array.from({ length: n }, (_, i) => i), total });
const next = nextPageOffset('rows');

describe('nextPageOffset', () => {
  it('asks for the rows after those loaded until the total is reached', () => {
    expect(next(page(100, 250), [page(100, 250)])).toBe(100);
    expect(next(page(100, 250), [page(100, 250), page(100, 250)])).toBe(200);
    expect(next(page(50, 250), [page(100, 250), page(100, 250), page(50, 250)])).toBeUndefined();
  });

  it('stops on an empty page even if the total says otherwise (rows deleted meanwhile)', () => {
    expect(next(page(0, 250), [page(100, 250), page(0, 250)])).toBeUndefined();
  });
});

describe('pageQuery', () => {
  it('sends the page, the fixed parameters, and only the optional ones that are set', () => {
    const query = pageQuery(
      200,
      100,
      { sort: 'name', dir: 'asc' },
      { q: 'north', includeClosed: true, hideOpen: false, groups: ['3', '7'], types: [], month: '' },
    );
    expect(query.toString()).toBe(
      'offset=200&limit=100&sort=name&dir=asc&q=north&includeClosed=true&groups=3%2C7',
    );
    expect(pageQuery(0, 20, {}, { q: undefined }).toString()).toBe('offset=0&limit=20');
  });
});
