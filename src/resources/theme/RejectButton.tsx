import BlockIcon from '@mui/icons-material/Block';
import { useState } from 'react';
import { Button, TextInput, useCanAccess, useDataProvider, useRecordContext } from 'react-admin';
import { THEME_LIMITS } from '../../../contract/theme';
import type { PortalDataProvider } from '../../dataProviders';
import { DialogForm } from '../../kit/DialogForm';
import { SCOPE, useSession } from '../../session';
import { T, type Theme } from './themeFields';

/** The reason is required: its own words when it is left empty. */
const reasonGiven = (value: unknown) =>
  typeof value === 'string' && value.trim() !== '' ? undefined : `${T}.reject.reasonRequired`;

/**
 * A provider operator inside a customer (theme:configure, provider scope) refuses the customer's theme,
 * saying why (POST /whitelabelapp/theme/reject); the customer sees the reason on the theme.
 */
export const RejectButton = () => {
  const record = useRecordContext<Theme>();
  const session = useSession();
  const { canAccess } = useCanAccess({ resource: 'theme', action: 'configure' });
  const dataProvider = useDataProvider<PortalDataProvider>();
  const [open, setOpen] = useState(false);
  const operator = session?.originalScope === SCOPE.PROVIDER && session.currentScope === SCOPE.CUSTOMER;
  if (!record || !operator || !canAccess) return null;
  return (
    <>
      <Button label={`${T}.reject.action`} color="error" onClick={() => setOpen(true)}>
        <BlockIcon />
      </Button>
      {open && (
        <DialogForm<{ reason?: string }>
          title={`${T}.reject.title`}
          titleOptions={{ name: record.name }}
          explanation={`${T}.reject.body`}
          defaultValues={{ reason: '' }}
          submit={({ reason = '' }) =>
            dataProvider.reject('theme', {
              data: { themeId: record.id, customerId: record.customerId, reason: reason.trim() },
            })
          }
          success={`${T}.notifications.rejected`}
          submitLabel={`${T}.reject.action`}
          submitIcon={<BlockIcon />}
          submitColor="error"
          onClose={() => setOpen(false)}
        >
          <TextInput
            source="reason"
            label={`${T}.reject.reason`}
            validate={reasonGiven}
            isRequired
            multiline
            minRows={3}
            fullWidth
            autoFocus
            slotProps={{ htmlInput: { maxLength: THEME_LIMITS.rejectReason } }}
          />
        </DialogForm>
      )}
    </>
  );
};
