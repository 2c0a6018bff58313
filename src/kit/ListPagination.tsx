import { Pagination, type PaginationProps, useListContext, useTranslate } from 'react-admin';
import { formatNumber } from './dates';

/** Whether the list's total is a bound, more rows matching (a users search: `meta.totalCapped`). */
export const useTotalCapped = (): boolean => {
  const { meta } = useListContext();
  return (meta as { totalCapped?: unknown } | undefined)?.totalCapped === true;
};

/**
 * react-admin's pagination, whose range reads "1-25 of more than 1,000" when the server counted the
 * matches up to a bound only (its pages go up to the bound; a narrower search counts them all).
 */
export const ListPagination = (props: PaginationProps) => {
  const translate = useTranslate();
  const capped = useTotalCapped();
  if (!capped) return <Pagination {...props} />;
  // Pagination passes what it does not know on to MUI's TablePagination, whose label this is.
  const label = {
    labelDisplayedRows: ({ from, to, count }: { from: number; to: number; count: number }) =>
      translate('portal.list.rangeOfMore', { from, to, total: formatNumber(count) }),
  } as unknown as PaginationProps;
  return <Pagination {...props} {...label} />;
};
