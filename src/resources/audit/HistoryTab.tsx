import { Typography } from '@mui/material';
import { type RaRecord, ReferenceManyField, useRecordContext, useTranslate } from 'react-admin';
import { AUDIT_PROVIDER } from '../../../contract/audit';
import { AuditPagination, AuditRows } from './AuditList';
import { T } from './model';

/** The label of the History tab of a record's page. */
export const HISTORY_TAB = `${T}.history.tab`;

/** The range a record's history reads: the longest the log lists (docs/requirements/constants-and-limits.md). */
const HISTORY_RANGE = '1m';

export interface HistoryTabProps {
  /**
   * The customer whose log holds the record's entries: by default the session's; `provider` (AUDIT_PROVIDER)
   * for the provider's own records (roles, operators' accounts), or the customer a record names.
   */
  customerOf?: (record: RaRecord) => string | null | undefined;
}

/**
 * The audit log embedded in a record's page (docs/requirements/billing-services-screens.md "It can be embedded per entity"): the entries of
 * this record over the last month, newest first, a page at a time.
 *
 *   <TabbedShowLayout.Tab label={HISTORY_TAB} path="history"><HistoryTab /></TabbedShowLayout.Tab>
 */
export const HistoryTab = ({ customerOf }: HistoryTabProps) => {
  const record = useRecordContext();
  const translate = useTranslate();
  if (!record) return null;
  const customer = customerOf?.(record);
  const meta = customerOf ? { customerId: customer ?? AUDIT_PROVIDER } : undefined;
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate(`${T}.history.caption`)}
      </Typography>
      <ReferenceManyField
        reference="audit"
        target="entityId"
        filter={{ range: HISTORY_RANGE }}
        sort={{ field: 'modifiedDate', order: 'DESC' }}
        perPage={10}
        pagination={<AuditPagination />}
        queryOptions={meta ? { meta } : undefined}
        empty={
          <Typography variant="body2" sx={{ py: 2 }}>
            {translate(`${T}.history.empty`)}
          </Typography>
        }
      >
        <AuditRows />
      </ReferenceManyField>
    </>
  );
};

/** The customer of a record that may be the provider's own (an account): its customerId, or the provider. */
export const ownCustomerOrProvider = (record: RaRecord) => (record.customerId as string | null) ?? null;

/** The provider's own records (roles). */
export const providerRecord = () => AUDIT_PROVIDER;

/** A customer: its own log. */
export const customerRecord = (record: RaRecord) => String(record.id);
