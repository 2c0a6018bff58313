import { MenuItem, TextField } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { ConnectorKind, ConnectorSummary } from '../../../contract/connector';
import type { ServiceInstanceRecord } from '../../../contract/service';
import { connectorKey } from '../../../contract/service';
import type { PortalDataProvider } from '../../dataProviders';
import { typeIdOfKind } from './wizardState';

/** The customer's connectors of one kind, by name (GET idm-config/connectors/{type}). */
export const useConnectorOptions = (kind: ConnectorKind) => {
  const dataProvider = useDataProvider<PortalDataProvider>();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const queryKey = ['wizard', 'connectors', kind];
  const { data, isPending, isError } = useQuery({
    queryKey,
    queryFn: async () =>
      (await dataProvider.ofType<ConnectorSummary[]>('connectors', { type: kind })).data ?? [],
  });
  useEffect(() => {
    if (isError) notify('portal.wizard.connectorsFailed', { type: 'warning' });
  }, [isError, notify]);
  return {
    options: data ?? [],
    isPending,
    /** Adds a connector made here, so it can be chosen before the list is read again. */
    added: (made: { id: string; name: string }) => {
      queryClient.setQueryData<ConnectorSummary[]>(queryKey, (before = []) => [
        ...before.filter((option) => option.id !== made.id),
        { id: made.id, name: made.name, type: kind, typeId: typeIdOfKind(kind) },
      ]);
      void queryClient.invalidateQueries({ queryKey });
    },
  };
};

/** The id of the service's connector of this kind's type, or ''. */
export const assignedId = (service: ServiceInstanceRecord, kind: ConnectorKind): string =>
  service.connectorConfig[connectorKey(typeIdOfKind(kind))] ?? '';

export interface ConnectorPickerProps {
  /** The picker's label (a catalogue key). */
  label: string;
  options: ConnectorSummary[];
  value: string;
  onChange: (id: string) => void;
  disabled?: boolean;
  error?: boolean;
  helperText?: string;
}

/** One of the customer's connectors, by name. */
export const ConnectorPicker = ({
  label,
  options,
  value,
  onChange,
  disabled,
  error,
  helperText,
}: ConnectorPickerProps) => {
  const translate = useTranslate();
  const known = value === '' || options.some((option) => option.id === value);
  return (
    <TextField
      select
      label={translate(label)}
      value={known ? value : ''}
      onChange={(event) => onChange(event.target.value)}
      disabled={disabled}
      error={error}
      helperText={helperText ? translate(helperText) : undefined}
      fullWidth
      sx={{ maxWidth: 480 }}
    >
      {options.map((option) => (
        <MenuItem key={option.id} value={option.id}>
          {option.name}
        </MenuItem>
      ))}
    </TextField>
  );
};
