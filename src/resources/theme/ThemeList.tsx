import {
  CreateButton,
  DataTable,
  DateField,
  EditButton,
  List,
  SearchInput,
  SelectInput,
  ShowButton,
  SimpleList,
  TopToolbar,
  useTranslate,
} from 'react-admin';
import { DoubleClickToOpen } from '../../components/DoubleClickToOpen';
import { ListEmpty, NoMatch } from '../../components/ListEmpty';
import { ListError } from '../../components/ListError';
import { SmallScreenList } from '../../components/SmallScreenList';
import { ThemeStatusField, TokenPacksField, tokenPackNames } from './ThemeColumns';
import { ThemeBulkDeleteButton, ThemeDeleteButton } from './ThemeDeleteButton';
import { packsOf, STATUS_CHOICES, T, type Theme } from './themeFields';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="status" source="status" choices={STATUS_CHOICES} alwaysOn />,
];

const Column = DataTable.Col<Theme>;

/** A theme's second line on a phone: its status (and why it was rejected) and the token packs showing it. */
const useSecondary = () => {
  const translate = useTranslate();
  return (record: Theme) =>
    [
      translate(`${T}.status.${record.status}`, { _: record.status }),
      record.status === 'REJECTED' ? record.rejectReason : null,
      packsOf(record).length > 0 ? tokenPackNames(record) : null,
    ]
      .filter(Boolean)
      .join(' · ');
};

/**
 * /theme: the customer's themes with their status (a rejected one with the provider's reason), the token
 * packs showing them and when they last changed; search by name, filter by status, sort, pages, a simple
 * list on a phone, the empty state offering Create; Delete (theme:configure) on a row or for the selected.
 */
export const ThemeList = () => {
  const secondary = useSecondary();
  return (
    <List
      error={<ListError />}
      filters={filters}
      sort={{ field: 'name', order: 'ASC' }}
      empty={<ListEmpty />}
      exporter={false}
      actions={
        <TopToolbar>
          <CreateButton />
        </TopToolbar>
      }
    >
      <SmallScreenList
        small={
          <SimpleList
            primaryText={(record: Theme) => record.name}
            secondaryText={secondary}
            tertiaryText={(record: Theme) => (
              <DateField record={record} source="lastModifiedDate" locales="vi-VN" />
            )}
            rowClick="edit"
          />
        }
      >
        <DoubleClickToOpen>
          <DataTable rowClick={false} bulkActionButtons={<ThemeBulkDeleteButton />} empty={<NoMatch />}>
            <Column source="name" />
            <Column source="status">
              <ThemeStatusField />
            </Column>
            <Column source="tokenPacks" disableSort>
              <TokenPacksField />
            </Column>
            <Column source="lastModifiedDate">
              <DateField source="lastModifiedDate" locales="vi-VN" showTime />
            </Column>
            <Column label={false} disableSort align="right" sx={{ whiteSpace: 'nowrap' }}>
              <ShowButton />
              <EditButton />
              <ThemeDeleteButton />
            </Column>
          </DataTable>
        </DoubleClickToOpen>
      </SmallScreenList>
    </List>
  );
};
