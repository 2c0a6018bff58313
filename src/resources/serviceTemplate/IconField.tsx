import AppsIcon from '@mui/icons-material/Apps';
import { Avatar } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import type { ServiceTemplate } from './model';

/** The template's icon, or a neutral placeholder when it has none. */
export const IconField = ({ size = 40 }: { size?: number; label?: string }) => {
  const record = useRecordContext<ServiceTemplate>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Avatar
      src={record.iconUrl ?? undefined}
      alt={translate('resources.service-template.fields.iconUrl')}
      variant="rounded"
      sx={{ width: size, height: size, bgcolor: record.iconUrl ? 'transparent' : undefined }}
    >
      <AppsIcon />
    </Avatar>
  );
};
