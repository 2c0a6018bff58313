import { Tooltip } from '@mui/material';
import { useRecordContext } from 'react-admin';
import type { AuditEntry } from './model';

/** How an entry names its record: the name kept with it, else (an older entry) the record's id. */
export const entityLabel = (record: AuditEntry) => record.entityName ?? record.entityId;

/**
 * Who made the change, by name: the name kept with the entry, else the email (the server answers the email
 * as the name when it has none).
 */
export const modifierLabel = (record: AuditEntry) => record.modifiedByName || record.modifiedBy;

/** A name, with what it stands for (an id, an email) in its tooltip. */
const Named = ({ name, detail }: { name: string; detail: string }) =>
  name === detail ? (
    <span style={{ overflowWrap: 'anywhere' }}>{name}</span>
  ) : (
    <Tooltip title={detail} describeChild>
      <span style={{ overflowWrap: 'anywhere' }}>{name}</span>
    </Tooltip>
  );

/** The record an entry is about, by its name; its id in the tooltip. */
export const EntityField = () => {
  const record = useRecordContext<AuditEntry>();
  return record ? <Named name={entityLabel(record)} detail={record.entityId} /> : null;
};

/** Who made the change, by name; the email in the tooltip. */
export const ModifiedByField = () => {
  const record = useRecordContext<AuditEntry>();
  return record ? <Named name={modifierLabel(record)} detail={record.modifiedBy} /> : null;
};
