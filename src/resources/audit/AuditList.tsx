import { DataTable, Pagination, SelectField, SelectInput, TextField, useTranslate } from 'react-admin';
import { AUDIT_PAGE_SIZES } from '../../../contract/audit';
import { DateColumn, formatDate } from '../../kit/dates';
import { ListRows, ResourceList } from '../../kit/ResourceList';
import { ChangesField } from './ChangesField';
import { EntityField, entityLabel, ModifiedByField, modifierLabel } from './EntryNames';
import {
  type AuditEntry,
  DEFAULT_AUDIT_RANGE,
  RANGE_CHOICES,
  readable,
  T,
  TABLE_CHOICES,
  tellsCounts,
} from './model';

const filters = [
  <SelectInput key="range" source="range" choices={RANGE_CHOICES} alwaysOn isRequired />,
  <SelectInput key="table" source="table" choices={TABLE_CHOICES} alwaysOn />,
];

const Column = DataTable.Col<AuditEntry>;

export const AuditPagination = () => <Pagination rowsPerPageOptions={[...AUDIT_PAGE_SIZES]} />;

/** The rows of entries: a table on a tablet or wider, a list of cards on a phone. Shared with the History tab. */
export const AuditRows = () => {
  const translate = useTranslate();
  const tableName = (record: AuditEntry) => translate(`${T}.tables.${record.table}`, { _: record.table });
  return (
    <ListRows<AuditEntry>
      phone={{
        primaryText: (record) => `${tableName(record)} · ${record.action} · ${entityLabel(record)}`,
        secondaryText: (record) => (
          <>
            <span style={{ display: 'block' }}>
              {`${formatDate(record.modifiedDate, { time: true })} · ${modifierLabel(record)}`}
            </span>
            <span style={{ display: 'block' }}>
              {Object.entries(record.changes)
                .map(([field, change]) =>
                  tellsCounts(record)
                    ? `${field}: ${readable(change.after)}`
                    : `${field}: ${readable(change.before)} → ${readable(change.after)}`,
                )
                .join('; ')}
            </span>
          </>
        ),
        rowClick: false,
        sx: { '& .MuiListItemText-secondary': { overflowWrap: 'anywhere' } },
      }}
      wide
    >
      <DateColumn source="modifiedDate" showTime />
      <Column source="table" disableSort>
        <SelectField source="table" choices={TABLE_CHOICES} />
      </Column>
      <Column source="action" disableSort>
        <TextField source="action" />
      </Column>
      <Column source="entityId" disableSort field={EntityField} />
      <Column source="modifiedBy" disableSort field={ModifiedByField} />
      <Column source="changes" disableSort field={ChangesField} />
    </ListRows>
  );
};

/**
 * /audit (docs/requirements/billing-services-screens.md Audit log list): who changed what in the customer, newest first, over a range back from
 * now (always one: the last week to start with) and by table. Read-only.
 */
export const AuditList = () => (
  <ResourceList<AuditEntry>
    filters={filters}
    filterDefaultValues={{ range: DEFAULT_AUDIT_RANGE }}
    sort={{ field: 'modifiedDate', order: 'DESC' }}
    perPage={25}
    pagination={<AuditPagination />}
    wide
    rows={<AuditRows />}
  />
);
