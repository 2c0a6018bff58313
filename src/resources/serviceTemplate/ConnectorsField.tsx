import { Chip, Stack } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import { connectorTypeKey, type ServiceTemplate } from './model';

/** The template's connectors as chips named by type (LDAP, RADIUS, SAML…). */
export const ConnectorsField = (_: { label?: string }) => {
  const record = useRecordContext<ServiceTemplate>();
  const translate = useTranslate();
  const ids = record?.connectorIds ?? [];
  return (
    <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap' }}>
      {ids.map((id) => {
        const key = connectorTypeKey(id);
        return <Chip key={id} size="small" label={key ? translate(key) : String(id)} />;
      })}
    </Stack>
  );
};
