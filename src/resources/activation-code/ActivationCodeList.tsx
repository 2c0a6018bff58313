import { Alert, Box, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import {
  Button,
  DataTable,
  List,
  Pagination,
  SearchInput,
  SelectInput,
  SimpleList,
  useCanAccess,
  useGetOne,
  useListContext,
  useTranslate,
} from 'react-admin';
import { Link, useParams } from 'react-router-dom';
import { ACTIVATION_PAGE_SIZES } from '../../../contract/activationCode';
import type { TokenPackRecord } from '../../../contract/tokenPack';
import { getProductName } from '../../config';
import { DateField } from '../../kit/dates';
import { ListError } from '../../kit/ListError';
import { errorNotification } from '../../kit/notifyError';
import { SmallScreenList } from '../../kit/SmallScreenList';
import { ActivationStatusField, CodeField } from './ActivationFields';
import { ActivationToolbar } from './ActivationToolbar';
import { BulkActions } from './BulkActions';
import { type ActivationCode, EMAIL_EXIST_CHOICES, RESOURCE, STATUS_CHOICES, T } from './model';
import { RowActions } from './RowActions';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="status" source="status" choices={STATUS_CHOICES} alwaysOn />,
  <SelectInput key="emailExist" source="emailExist" choices={EMAIL_EXIST_CHOICES} alwaysOn />,
];

const Column = DataTable.Col<ActivationCode>;

/** No row: with filters, that none matches; without, what the codes are for (Generate is in the toolbar). */
const NoCodes = () => {
  const translate = useTranslate();
  const { filterValues } = useListContext();
  const filtered = Object.values(filterValues ?? {}).some((value) => value !== undefined && value !== '');
  if (filtered)
    return (
      <Typography sx={{ p: 2 }} color="text.secondary">
        {translate(`${T}.empty.filtered`)}
      </Typography>
    );
  return (
    <Box sx={{ p: 3, textAlign: 'center' }}>
      <Typography variant="h6" component="p" gutterBottom>
        {translate(`${T}.empty.title`)}
      </Typography>
      <Typography color="text.secondary">{translate(`${T}.empty.body`)}</Typography>
    </Box>
  );
};

/** The pack has no primary directory: Generate cannot work until one is chosen on the pack's edit page. */
const NoDirectoryHint = ({ tokenPackId }: { tokenPackId: string }) => {
  const translate = useTranslate();
  const { canAccess: canEdit } = useCanAccess({ resource: 'token-pack-v2', action: 'edit' });
  return (
    <Alert
      severity="warning"
      sx={{ m: 1 }}
      action={
        canEdit ? (
          <Button
            component={Link}
            to={`/token-pack-v2/${encodeURIComponent(tokenPackId)}`}
            label={`${T}.noDirectory.edit`}
            color="inherit"
          />
        ) : undefined
      }
    >
      {translate(`${T}.noDirectory.hint`)}
    </Alert>
  );
};

/** The browser tab says which pack's codes these are. */
const useDocumentTitle = (title: string) => {
  const translate = useTranslate();
  useEffect(() => {
    document.title = translate('portal.pageTitle', { title, productName: getProductName() });
  }, [title, translate]);
};

/**
 * /activation-code/{tokenPackId} (spec 02 §2 Activation-code list): '<token pack name> Activation Code', the
 * pack's codes with their user, email, distinguished name, status, generated and expiry dates; search,
 * status and email filters, sorting, the page sizes of §9; the toolbar's Generate or Re-generate all and
 * Download All; each row's send by email and re-generate; the selection's delete, Send Mail, Re-generate
 * and Download Zip QR Code. A simple list on a phone, with the row actions.
 */
export const ActivationCodeList = () => {
  const { tokenPackId = '' } = useParams<{ tokenPackId: string }>();
  const translate = useTranslate();
  const { data: pack, error } = useGetOne<TokenPackRecord>('token-pack-v2', { id: tokenPackId });
  // The pack the server last said has no primary directory (the page stays mounted from pack to pack).
  const [noDirectoryPack, setNoDirectoryPack] = useState<string>();
  const { canAccess: canChange } = useCanAccess({ resource: RESOURCE, action: 'configure' });
  const title = pack
    ? translate(`${T}.title`, { name: pack.name })
    : translate(`${T}.name`, { smart_count: 2 });
  useDocumentTitle(title);
  const showHint = canChange && (noDirectoryPack === tokenPackId || pack?.primaryDirectoryId === null);
  if (error) {
    // An unknown pack (or another customer's): its codes cannot be listed either.
    const [message, { messageArgs }] = errorNotification(error);
    return (
      <Alert
        severity="error"
        sx={{ m: 2 }}
        action={<Button component={Link} to="/token-pack-v2" label={`${T}.backToPacks`} color="inherit" />}
      >
        {translate(message, messageArgs)}
      </Alert>
    );
  }
  return (
    <List
      error={<ListError />}
      resource={RESOURCE}
      title={<span>{title}</span>}
      filter={{ tokenPackId }}
      filters={filters}
      storeKey={`${RESOURCE}.${tokenPackId}`}
      sort={{ field: 'username', order: 'ASC' }}
      perPage={25}
      pagination={<Pagination rowsPerPageOptions={[...ACTIVATION_PAGE_SIZES]} />}
      // Eight columns: the table scrolls within the page rather than widening it (width 0, min-width 100%);
      // only the table's wrapper scrolls, so that the bulk actions toolbar above it is not clipped.
      sx={{
        '& .RaList-content': { width: 0, minWidth: '100%' },
        '& .RaDataTable-tableWrapper': { overflowX: 'auto' },
      }}
      actions={
        <ActivationToolbar tokenPackId={tokenPackId} onNoDirectory={() => setNoDirectoryPack(tokenPackId)} />
      }
      empty={false}
      exporter={false}
    >
      {showHint && <NoDirectoryHint tokenPackId={tokenPackId} />}
      <SmallScreenList
        small={
          <SimpleList<ActivationCode>
            primaryText={() => <CodeField />}
            secondaryText={(record) => `${record.username} · ${translate(`portal.status.${record.status}`)}`}
            tertiaryText={(record) => record.email ?? ''}
            rightIcon={canChange ? () => <RowActions /> : undefined}
            rowClick={false}
            empty={<NoCodes />}
          />
        }
      >
        <DataTable
          rowClick={false}
          bulkActionButtons={<BulkActions tokenPackId={tokenPackId} />}
          empty={<NoCodes />}
        >
          <Column source="code">
            <CodeField />
          </Column>
          <Column source="username" />
          <Column source="email" />
          <Column source="distinguishedName" disableSort />
          <Column source="status">
            <ActivationStatusField />
          </Column>
          <Column source="lastModifiedDate">
            <DateField source="lastModifiedDate" showTime />
          </Column>
          <Column source="expireDate">
            <DateField source="expireDate" showTime />
          </Column>
          {canChange && (
            <Column label={false} disableSort align="right">
              <RowActions />
            </Column>
          )}
        </DataTable>
      </SmallScreenList>
    </List>
  );
};
