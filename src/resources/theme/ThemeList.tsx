import { DataTable, EditButton, ShowButton, useTranslate } from 'react-admin';
import { DateColumn, DateField } from '../../kit/dates';
import { ButtonsColumn, ResourceList, searchFilters } from '../../kit/ResourceList';
import { ThemeStatusField, TokenPacksField, tokenPackNames } from './ThemeColumns';
import { ThemeBulkDeleteButton, ThemeDeleteButton } from './ThemeDeleteButton';
import { packsOf, STATUS_CHOICES, T, type Theme } from './themeFields';

const filters = searchFilters({ status: STATUS_CHOICES });

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
    <ResourceList<Theme>
      filters={filters}
      sort={{ field: 'name', order: 'ASC' }}
      phone={{
        primaryText: (record) => record.name,
        secondaryText: secondary,
        tertiaryText: (record) => <DateField record={record} source="lastModifiedDate" />,
        rowClick: 'edit',
      }}
      doubleClick="edit"
      bulkActions={<ThemeBulkDeleteButton />}
    >
      <Column source="name" />
      <Column source="status" field={ThemeStatusField} />
      <Column source="tokenPacks" disableSort field={TokenPacksField} />
      <DateColumn source="lastModifiedDate" showTime />
      <ButtonsColumn>
        <ShowButton />
        <EditButton />
        <ThemeDeleteButton />
      </ButtonsColumn>
    </ResourceList>
  );
};
