import { DataTable } from 'react-admin';
import { DateColumn, formatDate } from '../../kit/dates';
import { ResourceList, searchFilters } from '../../kit/ResourceList';
import { MailStatusField } from './MailStatusField';
import { type Mail, STATUS_CHOICES, T } from './model';

const filters = searchFilters({ status: STATUS_CHOICES });

const Column = DataTable.Col<Mail>;

/**
 * /outbox (operators): the mail the gateway sent or keeps, newest first, with its address, subject, status
 * and dates; search and a status filter. A click opens the message as it reads.
 */
export const OutboxList = () => (
  <ResourceList<Mail>
    filters={filters}
    sort={{ field: 'createdDate', order: 'DESC' }}
    perPage={25}
    phone={{
      primaryText: (record) => record.subject,
      secondaryText: (record) => record.to,
      tertiaryText: (record) => formatDate(record.createdDate, { time: true }),
      rowClick: 'show',
    }}
    rowClick="show"
    wide
  >
    <Column source="to" />
    <Column source="subject" />
    <Column source="status" field={MailStatusField} />
    <DateColumn source="createdDate" showTime />
    <DateColumn source="sentDate" disableSort showTime emptyText={`${T}.notSent`} />
  </ResourceList>
);
