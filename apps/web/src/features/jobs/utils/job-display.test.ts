import { JOB_LIST_DEFAULT_TAKE } from '@aerie/contract';
import { describe, expect, test } from 'vitest';
import { jobListSearch, jobListSearchSchema, jobListView } from './job-display';

describe('the jobs list search', () => {
  test('a bare address is the first page in the default size, and stays bare', () => {
    const search = jobListSearchSchema.parse({});
    expect(search).toEqual({});
    const view = jobListView(search);
    expect(view).toEqual({ page: 1, pageSize: JOB_LIST_DEFAULT_TAKE });
    expect(jobListSearch(view)).toEqual({});
  });

  test('defaults and invalid values never enter the address', () => {
    expect(
      jobListSearchSchema.parse({ page: '1', pageSize: String(JOB_LIST_DEFAULT_TAKE) }),
    ).toEqual({ page: undefined, pageSize: undefined });
    expect(jobListView(jobListSearchSchema.parse({ page: 'x', pageSize: '7' }))).toEqual({
      page: 1,
      pageSize: JOB_LIST_DEFAULT_TAKE,
    });
  });

  test('a later page and another size round-trip', () => {
    const search = jobListSearchSchema.parse({ page: '3', pageSize: '100' });
    expect(jobListView(search)).toEqual({ page: 3, pageSize: 100 });
    expect(jobListSearch({ page: 3, pageSize: 100 })).toEqual({ page: 3, pageSize: 100 });
  });
});
