import type { ReactElement, ReactNode } from 'react';
import {
  CreateButton,
  DataTable,
  type DataTableProps,
  FilterButton,
  List,
  type ListProps,
  type RaRecord,
  SearchInput,
  SelectInput,
  SimpleList,
  type SimpleListProps,
  TopToolbar,
  useCanAccess,
  useResourceContext,
  useResourceDefinition,
} from 'react-admin';
import { hasBulk, type ResourceWire } from '../../contract/kit';
import { RESOURCES } from '../dataProviders';
import { BulkToolbar } from './BulkActions';
import { DoubleClickToOpen } from './DoubleClickToOpen';
import { columnFields, ExportButton } from './ExportButton';
import { ListEmpty, NoMatch } from './ListEmpty';
import { ListError } from './ListError';
import { ListPagination } from './ListPagination';
import { SmallScreenList } from './SmallScreenList';

export interface ListRowsProps<R extends RaRecord = RaRecord> {
  /** The table's columns (`DataTable.Col`…), drawn on a tablet or wider. */
  children: ReactNode;
  /** A row on a phone: react-admin's SimpleList with these props (a link to the record's page unless said). */
  phone?: SimpleListProps<R>;
  /** The buttons acting on the selected rows (no selection without them). */
  bulkActions?: ReactElement | false;
  /** What a double click on a row opens; a single click does nothing (unless `rowClick` says). */
  doubleClick?: 'edit' | 'show';
  rowClick?: DataTableProps<R>['rowClick'];
  /** Where the list's texts are in the catalogue (`empty.*`, `noMatch`): `resources.<resource>` by default. */
  texts?: string;
  /** A table wider than a page: it scrolls sideways within the page rather than widening it. */
  wide?: boolean;
  /** What shows when no row matches (a filter's no-match, by default). */
  noMatch?: ReactNode;
}

/**
 * The actions a row's buttons check: react-admin's Edit, Show and Delete buttons, and Activate and
 * Deactivate (`modify`). The checks are shared by a resource's rows (src/queryClient.ts).
 */
const ROW_ACTIONS = ['edit', 'show', 'delete', 'modify'] as const;

/**
 * Whether the resource's row actions are answered: the rows wait for them (a moment: the rules are the
 * browser's, over the permissions the authProvider keeps), so that each row's buttons find their answer at
 * once. A check answered after the rows are drawn would draw every row again: seconds on a page of 1,000.
 */
const useRowActionsAnswered = (resource: string | undefined) => {
  const checks = [
    useCanAccess({ resource, action: ROW_ACTIONS[0] }),
    useCanAccess({ resource, action: ROW_ACTIONS[1] }),
    useCanAccess({ resource, action: ROW_ACTIONS[2] }),
    useCanAccess({ resource, action: ROW_ACTIONS[3] }),
  ];
  // A check that failed once (the permissions' call refused) lets the rows show without waiting for its retries.
  return checks.every((check) => !check.isPending || check.failureCount > 0);
};

/** Only the table's wrapper scrolls, so that the bulk actions toolbar above it is not clipped. */
const SCROLLS = { '& .RaDataTable-tableWrapper': { overflowX: 'auto' } } as const;

/**
 * The rows of a list (of a List, or of a ReferenceManyField): the table (DataTable) on a tablet or wider
 * with its bulk actions and double click, a SimpleList on a phone, and the no-match state.
 */
export function ListRows<R extends RaRecord = RaRecord>({
  children,
  phone,
  bulkActions = false,
  doubleClick,
  rowClick = false,
  texts,
  wide = false,
  noMatch = <NoMatch texts={texts} />,
}: ListRowsProps<R>) {
  const resource = useResourceContext();
  // A list with bulk actions run by the server can act on every row its filters match (BulkActions.tsx).
  const entry = resource ? (RESOURCES as Record<string, ResourceWire>)[resource] : undefined;
  const widens = bulkActions && entry && hasBulk(entry);
  const answered = useRowActionsAnswered(resource);
  if (!answered) return null;
  const table = (
    <DataTable
      rowClick={rowClick}
      bulkActionButtons={bulkActions}
      bulkActionsToolbar={widens ? <BulkToolbar>{bulkActions}</BulkToolbar> : undefined}
      empty={noMatch}
      sx={wide ? SCROLLS : undefined}
    >
      {children}
    </DataTable>
  );
  const rows = doubleClick ? <DoubleClickToOpen type={doubleClick}>{table}</DoubleClickToOpen> : table;
  if (!phone) return rows;
  const link =
    phone.rowClick === undefined && phone.linkType === undefined ? { linkType: 'show' as const } : {};
  return (
    <SmallScreenList small={<SimpleList<R> {...link} empty={noMatch} {...phone} />}>{rows}</SmallScreenList>
  );
}

export interface ResourceListProps<R extends RaRecord = RaRecord>
  extends Omit<ListRowsProps<R>, 'children'>,
    Omit<ListProps<R>, 'children' | 'actions' | 'empty' | 'exporter'> {
  /**
   * The toolbar's buttons, before Create (shown where the resource has a create page, to those who may
   * create, unless `create` is false) and Export (every paged list: the rows its filters match, with the
   * columns of `children`). `false`: no toolbar.
   */
  actions?: ReactNode | false;
  create?: boolean;
  /** The whole actions bar, drawn as it is, instead of `actions` and Create. */
  toolbar?: ReactElement | false;
  /**
   * The list with no record at all: `<ListEmpty>` by default (the resource's icon, texts and Create), or
   * `false` for the rows' own no-match state.
   */
  empty?: ReactElement | false;
  /** The table's columns (`DataTable.Col`…), drawn on a tablet or wider. */
  children?: ReactNode;
  /** Shown above the rows (a hint about the list). */
  before?: ReactNode;
  /**
   * Drawn instead of the rows made of `children` and `phone`: rows shared with another page, or what shows
   * while the list cannot be shown yet (a filter to choose first…).
   */
  rows?: ReactNode;
}

/** A wide table's list keeps the page's width (width 0, min-width 100%): the table scrolls within it. */
const WIDE = { '& .RaList-content': { width: 0, minWidth: '100%' } } as const;

/**
 * A resource's list, whole: react-admin's List with its filters and pagination (with totals), the toolbar
 * with Create, the error state (ListError: the reason, the reference, Try again, no false pagination), the
 * empty state offering the next step (ListEmpty), and its rows (ListRows). A screen gives its columns and
 * its phone row, and whatever it does differently.
 */
export function ResourceList<R extends RaRecord = RaRecord>({
  children,
  phone,
  bulkActions,
  doubleClick,
  rowClick,
  texts,
  wide,
  noMatch,
  actions,
  create = true,
  toolbar: wholeToolbar,
  empty,
  before,
  rows,
  sx,
  ...list
}: ResourceListProps<R>) {
  const { hasCreate } = useResourceDefinition({ resource: list.resource });
  const withCreate = create && hasCreate;
  const toolbar =
    wholeToolbar !== undefined ? (
      wholeToolbar
    ) : actions === false ? (
      false
    ) : (
      <TopToolbar>
        {/* Without buttons of its own, the list has react-admin's filter button (the filters in use). */}
        {!actions && !withCreate && list.filters ? <FilterButton /> : null}
        {actions}
        {withCreate ? <CreateButton /> : null}
        <ExportButton fields={children ? columnFields(children) : undefined} />
      </TopToolbar>
    );
  return (
    <List<R>
      pagination={<ListPagination />}
      error={<ListError />}
      empty={empty ?? <ListEmpty texts={texts} />}
      exporter={false}
      actions={toolbar}
      sx={wide ? { ...WIDE, ...sx } : sx}
      {...list}
    >
      {rows ?? (
        <>
          {before}
          <ListRows<R>
            phone={phone}
            bulkActions={bulkActions}
            doubleClick={doubleClick}
            rowClick={rowClick}
            texts={texts}
            wide={wide}
            noMatch={noMatch}
          >
            {children}
          </ListRows>
        </>
      )}
    </List>
  );
}

/** A choice of a select filter: its value and its text (a catalogue key). */
export interface FilterChoice {
  id: string;
  name: string;
}

/**
 * The filters most lists show: the search box (`q`), then a select of each choice list given, by the field
 * it filters (`{ status: STATUS_CHOICES }`), all always shown.
 */
export const searchFilters = (selects: Record<string, readonly FilterChoice[]> = {}) => [
  <SearchInput key="q" source="q" alwaysOn />,
  ...Object.entries(selects).map(([source, choices]) => (
    <SelectInput key={source} source={source} choices={[...choices]} alwaysOn />
  )),
];

/** The last column of a table: a row's buttons, side by side at its right end. */
export const ButtonsColumn = ({ children }: { children: ReactNode }) => (
  <DataTable.Col label={false} disableSort align="right" sx={{ whiteSpace: 'nowrap' }}>
    {children}
  </DataTable.Col>
);
