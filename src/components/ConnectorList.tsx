import DeleteIcon from '@mui/icons-material/Delete';
import type { ReactElement } from 'react';
import {
  DataTable,
  DeleteWithConfirmButton,
  EditButton,
  type RaRecord,
  useCanAccess,
  useRecordContext,
  useResourceContext,
  useTranslate,
} from 'react-admin';
import { BulkJobButton } from '../kit/BulkActions';
import { DateColumn } from '../kit/dates';
import { ButtonsColumn, ResourceList, searchFilters } from '../kit/ResourceList';

/**
 * Delete with confirmation, in the resource's words: `resources.<resource>.delete.title` (with the record's
 * `%{name}`) and `.content`.
 */
export const ConnectorDeleteButton = ({ nameField }: { nameField: string }) => {
  const record = useRecordContext<RaRecord>();
  const resource = useResourceContext();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <DeleteWithConfirmButton
      confirmTitle={translate(`resources.${resource}.delete.title`, { name: record[nameField] })}
      confirmContent={`resources.${resource}.delete.content`}
      mutationMode="pessimistic"
    />
  );
};

export interface ConnectorListProps<R extends RaRecord> {
  /** The field that names a record: the first column, the default sort, the delete confirmation. */
  nameField: keyof R & string;
  /** The second line of a row on a phone. */
  secondary: (record: R) => string;
  /** The table's columns between the name and the created date. */
  columns: ReactElement[];
}

/**
 * A customer's connectors of one kind: search, sort, the empty state with its Create, the table on a tablet
 * or wider and a simple list on a phone, Edit and (with the permission) Delete on each row, a double click
 * to open one; with the permission, Delete over the picked rows or every row the search matches (a job).
 */
export function ConnectorList<R extends RaRecord>({ nameField, secondary, columns }: ConnectorListProps<R>) {
  const resource = useResourceContext() as string;
  const { canAccess: canDelete } = useCanAccess({ resource, action: 'delete' });
  return (
    <ResourceList<R>
      filters={searchFilters()}
      sort={{ field: nameField, order: 'ASC' }}
      phone={{ primaryText: (record) => String(record[nameField] ?? ''), secondaryText: secondary }}
      doubleClick="edit"
      bulkActions={
        canDelete ? (
          <BulkJobButton
            action="delete"
            icon={<DeleteIcon />}
            texts="portal.bulk.deleteConnectors"
            destructive
          />
        ) : (
          false
        )
      }
    >
      <DataTable.Col source={nameField} />
      {columns}
      <DateColumn source="createdDate" />
      <ButtonsColumn>
        <EditButton />
        {canDelete && <ConnectorDeleteButton nameField={nameField} />}
      </ButtonsColumn>
    </ResourceList>
  );
}
