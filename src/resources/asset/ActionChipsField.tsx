import { Chip, Stack } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import type { Asset } from './model';

/** The asset's actions as chips (View, Create, Modify…). */
export const ActionChipsField = (_: { label?: string }) => {
  const record = useRecordContext<Asset>();
  const translate = useTranslate();
  return (
    <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap' }}>
      {(record?.actions ?? []).map((action) => (
        <Chip
          key={action}
          size="small"
          label={translate(`resources.asset.actionNames.${action}`, { _: action })}
        />
      ))}
    </Stack>
  );
};
