import { Typography } from '@mui/material';
import type { ReactElement, ReactNode } from 'react';
import {
  DataTable,
  Pagination,
  type SimpleListProps,
  useCanAccess,
  useListContext,
  useTranslate,
} from 'react-admin';
import { EmptyState } from '../../kit/ListEmpty';
import { ResourceList, type ResourceListProps } from '../../kit/ResourceList';
import { usePageTitle } from '../usePageTitle';
import { CodeBulkActions, type CodeRecord, CodeRowActions } from './codeActions';
import type { CodeKind, CodeScope } from './codes';

/** No row: with filters, that none matches; without, what the codes are for (Generate is in the toolbar). */
const NoCodes = ({ kind }: { kind: CodeKind }) => {
  const translate = useTranslate();
  const { filterValues } = useListContext();
  if (kind.filtered(filterValues ?? {}))
    return (
      <Typography sx={{ p: 2 }} color="text.secondary">
        {translate(`${kind.texts}.empty.filtered`)}
      </Typography>
    );
  return <EmptyState size="section" title={`${kind.texts}.empty.title`} body={`${kind.texts}.empty.body`} />;
};

export interface CodeListProps<C extends CodeRecord>
  extends Omit<ResourceListProps<C>, 'children' | 'phone' | 'title' | 'toolbar'> {
  kind: CodeKind;
  /** What the codes belong to, once known: the codes are read, and can be acted on, only then. */
  scope?: CodeScope;
  /** The name of the pack or the service, once known: the page is titled with it. */
  name?: string;
  /** The page sizes the specification sets (docs/requirements/constants-and-limits.md). */
  pageSizes: readonly number[];
  /** The columns before the row's actions. */
  columns: ReactNode;
  /** A row on a phone (its actions are added at its end). */
  phone: SimpleListProps<C>;
  toolbar: ReactElement | false;
  /** What the kind adds to the actions on the selected rows (Download Zip QR Code). */
  bulkMore?: ReactElement;
}

/**
 * The codes of a token pack or a service (activation codes, OTP codes; docs/requirements/billing-services-screens.md), as one kind of code
 * says: titled '<name> <codes>' (the browser tab too), its filters, sorted by username, the page sizes of
 * the spec; the toolbar's Generate or Re-generate all; each row's send by email and re-generate; the
 * selection's Send Mail, Re-generate and Delete. A table that scrolls within the page, a simple list on a
 * phone with the row's actions.
 */
export function CodeList<C extends CodeRecord>({
  kind,
  scope,
  name,
  pageSizes,
  columns,
  phone,
  toolbar,
  bulkMore,
  rows,
  ...list
}: CodeListProps<C>) {
  const T = kind.texts;
  const translate = useTranslate();
  const { canAccess: canConfigure } = useCanAccess({ resource: kind.resource, action: 'configure' });
  const { canAccess: canDelete } = useCanAccess({ resource: kind.resource, action: 'delete' });
  const title = name ? translate(`${T}.title`, { name }) : translate(`${T}.name`, { smart_count: 2 });
  usePageTitle(name ? `${T}.title` : `${T}.name`, name ? { name } : { smart_count: 2 });
  const rowActions = scope && canConfigure ? <CodeRowActions kind={kind} scope={scope} /> : null;
  const noCodes = <NoCodes kind={kind} />;
  return (
    <ResourceList<C>
      resource={kind.resource}
      title={<span>{title}</span>}
      sort={{ field: 'username', order: 'ASC' }}
      perPage={25}
      queryOptions={scope ? {} : { enabled: false }}
      pagination={scope ? <Pagination rowsPerPageOptions={[...pageSizes]} /> : false}
      toolbar={scope ? toolbar : false}
      empty={false}
      wide
      noMatch={noCodes}
      phone={{ ...phone, rightIcon: rowActions ? () => rowActions : undefined, rowClick: false }}
      bulkActions={
        scope && (canConfigure || canDelete || bulkMore) ? (
          <CodeBulkActions kind={kind} scope={scope} more={bulkMore} />
        ) : (
          false
        )
      }
      rows={rows}
      {...list}
    >
      {columns}
      {rowActions && (
        <DataTable.Col label={false} disableSort align="right">
          {rowActions}
        </DataTable.Col>
      )}
    </ResourceList>
  );
}
