import { Alert, Button } from '@mantine/core';
import { useEffect, type ReactNode } from 'react';
import { InSlices } from '../in-slices/in-slices';
import { DataTablePager } from './data-table-pager';

/** What a server-paged list's body needs to know of its page query. */
export interface ServerListQuery {
  isError: boolean;
  /** An answer is on screen (this page's or, while it loads, the previous one). */
  hasData: boolean;
  refetch: () => unknown;
}

export interface ServerListBodyProps {
  query: ServerListQuery;
  /** 'The devices could not be loaded.' */
  loadFailed: string;
  retry: string;
  /** The table, shown once there is something to show. */
  table: ReactNode;
  /** Undefined until the first page is known. */
  total: number | undefined;
  page: number;
  pageSize: number;
  pageSizes: readonly number[];
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
}

/**
 * The body of a server-paged list: the table and its pager, or why the list cannot show with
 * a Try again button; a failed refresh under rows already shown says so under them.
 */
export function ServerListBody({
  query,
  loadFailed,
  retry,
  table,
  total,
  page,
  pageSize,
  pageSizes,
  onPageChange,
  onPageSizeChange,
}: ServerListBodyProps) {
  if (query.isError && !query.hasData)
    return (
      <Alert color="red" role="alert" title={loadFailed}>
        <Button variant="default" size="xs" onClick={() => void query.refetch()}>
          {retry}
        </Button>
      </Alert>
    );
  return (
    <>
      {table}
      {query.isError && (
        <Alert color="red" role="alert">
          {loadFailed}
        </Alert>
      )}
      {/* Once the first page is known: a pager shown under the loading row would jump down
          when the rows arrive (issue 13, layout shift). */}
      {total !== undefined && (
        <InSlices>
          <DataTablePager
            page={page}
            pageSize={pageSize}
            total={total}
            pageSizes={pageSizes}
            onPageChange={onPageChange}
            onPageSizeChange={(size) => {
              if (pageSizes.includes(size)) onPageSizeChange(size);
            }}
          />
        </InSlices>
      )}
    </>
  );
}

/**
 * A page past the end (fewer rows since the link was made) goes to the last page, once the
 * total of the current view is known (not while the previous view's answer is shown).
 */
export function useLastPageClamp(
  total: number | undefined,
  pageSize: number,
  page: number,
  placeholder: boolean,
  goTo: (page: number) => void,
): void {
  useEffect(() => {
    if (placeholder || total === undefined || total === 0) return;
    const last = Math.ceil(total / pageSize);
    if (page > last) goTo(last);
  }, [placeholder, total, pageSize, page, goTo]);
}
