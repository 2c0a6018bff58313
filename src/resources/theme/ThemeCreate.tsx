import { Typography } from '@mui/material';
import { Create, maxLength, TextInput, useNotify, useTranslate } from 'react-admin';
import { THEME_LIMITS } from '../../../contract/theme';
import { ResourceForm } from '../../components/ResourceForm';
import { requiredField } from '../../components/validators';
import { errorNotification } from '../../kit/notifyError';
import { useSession } from '../../session';
import { T } from './themeFields';

/**
 * POST /whitelabelapp/theme/create: a name for the session's customer; the server gives the new theme its
 * default definition. The editor opens next.
 */
export const ThemeCreate = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const session = useSession();
  return (
    <Create
      redirect="edit"
      transform={({ name }: Record<string, unknown>) => ({
        customerId: session?.customerId ?? '',
        name: typeof name === 'string' ? name.trim() : name,
      })}
      mutationOptions={{ onError: (error) => notify(...errorNotification(error)) }}
    >
      <ResourceForm>
        <TextInput
          source="name"
          isRequired
          validate={[requiredField(translate(`${T}.fields.name`)), maxLength(THEME_LIMITS.name)]}
          helperText={translate(`${T}.helpers.name`, { max: THEME_LIMITS.name })}
          slotProps={{ htmlInput: { maxLength: THEME_LIMITS.name } }}
          fullWidth
        />
        <Typography variant="body2" color="text.secondary">
          {translate(`${T}.helpers.create`)}
        </Typography>
      </ResourceForm>
    </Create>
  );
};
