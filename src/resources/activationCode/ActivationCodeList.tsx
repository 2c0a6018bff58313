import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Alert } from '@mui/material';
import { useState } from 'react';
import {
  Button,
  DataTable,
  useCanAccess,
  useDataProvider,
  useGetOne,
  useListContext,
  useTranslate,
} from 'react-admin';
import { Link, useParams } from 'react-router-dom';
import { ACTIVATION_ERRORS, ACTIVATION_PAGE_SIZES } from '../../../contract/activationCode';
import type { TokenPackRecord } from '../../../contract/tokenPack';
import { CodeList } from '../../components/codes/CodeList';
import { CodeToolbar } from '../../components/codes/codeActions';
import { anyFilter, type CodeKind } from '../../components/codes/codes';
import type { DownloadedFile, PortalDataProvider } from '../../dataProviders';
import { DateColumn } from '../../kit/dates';
import { errorNotification } from '../../kit/notifyError';
import { searchFilters } from '../../kit/ResourceList';
import { ActivationStatusField, CodeField } from './ActivationFields';
import { ActivationFollowUp } from './FollowUp';
import { type ActivationCode, EMAIL_EXIST_CHOICES, RESOURCE, STATUS_CHOICES, T } from './model';
import { ZipButton } from './ZipButton';

/** Activation codes, as the code list shows them: a token pack's, filtered by any filter. */
const KIND: CodeKind = {
  resource: RESOURCE,
  texts: T,
  notices: { sentOne: 'sent', regeneratedOne: 'regenerated' },
  filtered: anyFilter,
  scopeFilter: ({ tokenPackId }) => ({ tokenPackId }),
};

const filters = searchFilters({ status: STATUS_CHOICES, emailExist: EMAIL_EXIST_CHOICES });

const Column = DataTable.Col<ActivationCode>;

/** A long email or distinguished name wraps within its column rather than widening the table. */
const WRAPS = { overflowWrap: 'anywhere', minWidth: 120, maxWidth: 260 } as const;

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

/** Download Zip QR Code: the QR codes of the selected codes (whoever sees the codes, as the contract allows). */
const ZipSelectedButton = ({ tokenPackId }: { tokenPackId: string }) => {
  const { selectedIds } = useListContext<ActivationCode>();
  const dataProvider = useDataProvider<PortalDataProvider>();
  return (
    <ZipButton
      label={`${T}.actions.downloadZip`}
      fetch={(onChunk) =>
        dataProvider.zip<DownloadedFile>(RESOURCE, {
          tokenPackId,
          data: { ids: selectedIds },
          meta: { onChunk },
        })
      }
    />
  );
};

/**
 * /activation-code/{tokenPackId} (docs/requirements/billing-services-screens.md Activation-code list): '<token pack name> Activation Code', the
 * pack's codes with their user, email, distinguished name, status, generated and expiry dates; search,
 * status and email filters; back to the pack and Download All in the toolbar, Download Zip QR Code for the
 * selected codes; the rest is every code list's (CodeList).
 */
export const ActivationCodeList = () => {
  const { tokenPackId = '' } = useParams<{ tokenPackId: string }>();
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const { data: pack, error } = useGetOne<TokenPackRecord>('token-pack-v2', { id: tokenPackId });
  // The pack the server last said has no primary directory (the page stays mounted from pack to pack).
  const [noDirectoryPack, setNoDirectoryPack] = useState<string>();
  const { canAccess: canChange } = useCanAccess({ resource: RESOURCE, action: 'configure' });
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
  const scope = { tokenPackId };
  return (
    <CodeList<ActivationCode>
      kind={KIND}
      scope={scope}
      name={pack?.name}
      pageSizes={ACTIVATION_PAGE_SIZES}
      filter={{ tokenPackId }}
      filters={filters}
      storeKey={`${RESOURCE}.${tokenPackId}`}
      before={
        <>
          {showHint && <NoDirectoryHint tokenPackId={tokenPackId} />}
          <ActivationFollowUp tokenPackId={tokenPackId} />
        </>
      }
      toolbar={
        <CodeToolbar
          kind={KIND}
          scope={scope}
          back={
            <Button
              component={Link}
              to={`/token-pack-v2/${encodeURIComponent(tokenPackId)}/show`}
              label={`${T}.backToPack`}
            >
              <ArrowBackIcon />
            </Button>
          }
          onGenerateError={(failure) => {
            if ((failure as Error | undefined)?.message === ACTIVATION_ERRORS.noDirectory.key)
              setNoDirectoryPack(tokenPackId);
          }}
          more={() => (
            <ZipButton
              label={`${T}.actions.downloadAll`}
              fetch={(onChunk) =>
                dataProvider.downloadAll<DownloadedFile>(RESOURCE, { tokenPackId, meta: { onChunk } })
              }
            />
          )}
        />
      }
      bulkMore={<ZipSelectedButton tokenPackId={tokenPackId} />}
      phone={{
        primaryText: () => <CodeField />,
        secondaryText: (record) => `${record.username} · ${translate(`portal.status.${record.status}`)}`,
        tertiaryText: (record) => record.email ?? '',
      }}
      columns={[
        <Column key="code" source="code" field={CodeField} />,
        <Column key="username" source="username" />,
        <Column key="email" source="email" sx={WRAPS} />,
        <Column key="dn" source="distinguishedName" disableSort sx={WRAPS} />,
        <Column key="status" source="status" field={ActivationStatusField} />,
        // The days, as the spec names them (generated date, expiry date): with their times the two columns
        // pushed the table past a 1280 px window.
        <DateColumn key="generated" source="lastModifiedDate" />,
        <DateColumn key="expires" source="expireDate" />,
      ]}
    />
  );
};
