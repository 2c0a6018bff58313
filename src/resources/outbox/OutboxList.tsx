import { Box } from '@mui/material';
import { DataTable, DateField, List, SearchInput, SelectInput, SimpleList } from 'react-admin';
import { ListEmpty, NoMatch } from '../../components/ListEmpty';
import { ListError } from '../../components/ListError';
import { SmallScreenList } from '../../components/SmallScreenList';
import { MailStatusField } from './MailStatusField';
import { type Mail, STATUS_CHOICES, T } from './model';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="status" source="status" choices={STATUS_CHOICES} alwaysOn />,
];

const Column = DataTable.Col<Mail>;

/**
 * /outbox (operators): the mail the gateway sent or keeps, newest first, with its address, subject, status
 * and dates; search and a status filter. A click opens the message as it reads.
 */
export const OutboxList = () => (
  <List
    error={<ListError />}
    filters={filters}
    sort={{ field: 'createdDate', order: 'DESC' }}
    perPage={25}
    empty={<ListEmpty />}
    exporter={false}
  >
    <SmallScreenList
      small={
        <SimpleList<Mail>
          primaryText={(record) => record.subject}
          secondaryText={(record) => record.to}
          tertiaryText={(record) => new Date(record.createdDate).toLocaleString('vi-VN')}
          rowClick="show"
        />
      }
    >
      <Box sx={{ overflowX: 'auto' }}>
        <DataTable rowClick="show" bulkActionButtons={false} empty={<NoMatch />}>
          <Column source="to" />
          <Column source="subject" />
          <Column source="status">
            <MailStatusField />
          </Column>
          <Column source="createdDate">
            <DateField source="createdDate" locales="vi-VN" showTime />
          </Column>
          <Column source="sentDate" disableSort>
            <DateField source="sentDate" locales="vi-VN" showTime emptyText={`${T}.notSent`} />
          </Column>
        </DataTable>
      </Box>
    </SmallScreenList>
  </List>
);
