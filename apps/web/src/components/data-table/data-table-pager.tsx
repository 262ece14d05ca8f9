import { Group, Pagination, Select, Text } from '@mantine/core';
import { useId } from '@mantine/hooks';
import { LIST_PAGE_SIZES } from './list-layout';
import { dataTableMessages as m } from './messages';

export interface DataTablePagerProps {
  /** 1-based. */
  page: number;
  pageSize: number;
  total: number;
  pageSizes?: readonly number[];
  onPageChange: (page: number) => void;
  /** Without it the page size is fixed and no size is offered. */
  onPageSizeChange?: (pageSize: number) => void;
}

/** Page size, the range shown ("1–50 of 120") and the pages of a server-paged table. */
export function DataTablePager({
  page,
  pageSize,
  total,
  pageSizes = LIST_PAGE_SIZES,
  onPageChange,
  onPageSizeChange,
}: DataTablePagerProps) {
  const sizeId = useId();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <Group gap="sm" wrap="nowrap">
        {onPageSizeChange ? (
          <>
            <Text component="label" htmlFor={sizeId} size="sm" style={{ whiteSpace: 'nowrap' }}>
              {m.rowsPerPage}
            </Text>
            <Select
              id={sizeId}
              data={pageSizes.map((size) => String(size))}
              value={String(pageSize)}
              allowDeselect={false}
              onChange={(value) => {
                if (value) onPageSizeChange(Number(value));
              }}
              w={84}
              size="xs"
            />
          </>
        ) : null}
        <Text size="sm" aria-live="polite">
          {m.range(from, to, total)}
        </Text>
      </Group>
      <nav aria-label={m.pagination}>
        <Pagination
          total={pages}
          value={Math.min(page, pages)}
          onChange={onPageChange}
          withEdges
          size="sm"
          getItemProps={(item) => ({ 'aria-label': m.page(item) })}
          getControlProps={(control) => ({
            'aria-label': {
              first: m.firstPage,
              previous: m.previousPage,
              next: m.nextPage,
              last: m.lastPage,
            }[control],
          })}
        />
      </nav>
    </Group>
  );
}
