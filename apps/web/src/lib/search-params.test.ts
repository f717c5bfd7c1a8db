import { describe, expect, it } from 'vitest';
import { filterSearchParams } from './search-params';

describe('filterSearchParams', () => {
  it('leaves out empty text and values at their defaults', () => {
    const query = filterSearchParams({ search: '', sort: 'created-desc', page: 1 }, { sort: 'created-desc', page: 1 });
    expect(query.toString()).toBe('');
  });

  it('keeps the other values, in the order given', () => {
    const query = filterSearchParams(
      { search: 'AB-2', sort: 'created-asc', page: 3 },
      { sort: 'created-desc', page: 1 },
    );
    expect(query.toString()).toBe('search=AB-2&sort=created-asc&page=3');
  });
});
