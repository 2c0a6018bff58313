import AddIcon from '@mui/icons-material/Add';
import { Box, Link } from '@mui/material';
import { useState } from 'react';
import { SelectInput, TextInput, useNotify, useTranslate } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { NAME_MAX_LENGTH } from '../../../contract/connector';
import { DialogForm } from '../../kit/DialogForm';
import { type ConnectorOption, connectorSource, isCreatable, T, typeKeyOf } from './model';
import type { ConnectorChoices } from './useConnectorChoices';

const nameGiven = (value: unknown) =>
  typeof value === 'string' && value.trim() !== '' ? undefined : `${T}.validation.required`;

/** Asks the name of the connector the launch makes with the service. */
const NewConnectorDialog = ({
  typeName,
  suggested,
  onAdd,
  onClose,
}: {
  typeName: string;
  /** The name it starts with (an HTTPS connector: its service's). */
  suggested: string;
  onAdd: (name: string) => void;
  onClose: () => void;
}) => (
  <DialogForm<{ name?: string }>
    title={`${T}.connectors.dialogTitle`}
    titleOptions={{ type: typeName }}
    explanation={`${T}.connectors.dialogHelp`}
    defaultValues={{ name: suggested }}
    submit={async ({ name = '' }) => onAdd(name.trim())}
    refresh={false}
    submitLabel={`${T}.connectors.add`}
    submitIcon={<AddIcon />}
    maxWidth="xs"
    onClose={onClose}
  >
    <TextInput
      source="name"
      label={`${T}.connectors.dialogName`}
      validate={nameGiven}
      isRequired
      slotProps={{ htmlInput: { maxLength: NAME_MAX_LENGTH } }}
      autoFocus
      fullWidth
    />
  </DialogForm>
);

export interface ConnectorSelectProps {
  typeId: number;
  connectors: ConnectorChoices;
  /** The launch may make connectors of the creatable kinds (docs/requirements/billing-services-states.md New connector from the dialog). */
  allowNew?: boolean;
  disabled?: boolean;
  helperText?: string;
  /** The form's field of the service's name (the name a new HTTPS connector starts with). */
  serviceNameSource?: string;
}

/**
 * The selector of one connector type a template needs: the customer's connectors of that type, none, or
 * (with a Create new link for the kinds a launch can make) a new one, named in a dialog and added at the top
 * of the list as '(New) <name>'.
 */
export const ConnectorSelect = ({
  typeId,
  connectors,
  allowNew,
  disabled,
  helperText,
  serviceNameSource,
}: ConnectorSelectProps) => {
  const translate = useTranslate();
  const notify = useNotify();
  const { setValue } = useFormContext();
  // An HTTPS connector serves one service: it is named after it, unless the user names it otherwise.
  const serviceName = useWatch({ name: serviceNameSource ?? 'name' }) as unknown;
  const [creating, setCreating] = useState(false);
  const key = typeKeyOf(typeId);
  if (!key) return null;
  const typeName = translate(`${T}.connectors.types.${key}`);
  const source = connectorSource(typeId);
  const add = (name: string) => {
    const { id, added } = connectors.add(typeId, name);
    if (!added) notify(`${T}.connectors.duplicate`, { type: 'info', messageArgs: { name } });
    setValue(source, id, { shouldDirty: true, shouldValidate: true });
    setCreating(false);
  };
  return (
    <Box sx={{ width: '100%' }}>
      <SelectInput
        source={source}
        label={typeName}
        choices={connectors.choices(typeId)}
        optionText={(choice: ConnectorOption) =>
          choice.isNew ? translate(`${T}.connectors.newOption`, { name: choice.name }) : choice.name
        }
        translateChoice={false}
        emptyText={`${T}.connectors.none`}
        isPending={connectors.isPending(typeId)}
        disabled={disabled}
        helperText={helperText ?? false}
        fullWidth
      />
      {allowNew && isCreatable(typeId) && !disabled && (
        <Link
          component="button"
          type="button"
          variant="body2"
          onClick={() => setCreating(true)}
          sx={{ display: 'block', mt: -1, mb: 2 }}
          aria-label={translate(`${T}.connectors.createNewOf`, { type: typeName })}
        >
          {translate(`${T}.connectors.createNew`)}
        </Link>
      )}
      {creating && (
        <NewConnectorDialog
          typeName={typeName}
          suggested={key === 'https' && typeof serviceName === 'string' ? serviceName.trim() : ''}
          onAdd={add}
          onClose={() => setCreating(false)}
        />
      )}
    </Box>
  );
};
