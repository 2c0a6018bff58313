import CloseIcon from '@mui/icons-material/Close';
import { Stack } from '@mui/material';
import {
  Edit,
  ListButton,
  maxLength,
  SaveButton,
  ShowButton,
  SimpleForm,
  TextInput,
  Toolbar,
  TopToolbar,
  useNotify,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { THEME_LIMITS } from '../../../contract/theme';
import { requiredField } from '../../components/validators';
import { errorNotification } from '../../kit/notifyError';
import { RejectButton } from './RejectButton';
import { ThemeDeleteButton } from './ThemeDeleteButton';
import { ThemeEditor } from './ThemeEditor';
import { ThemeNotices } from './ThemeNotices';
import { isLocked, normalizeTheme, T, type Theme, toThemeForm } from './themeFields';

const Actions = () => (
  <TopToolbar>
    <ShowButton />
    <RejectButton />
    <ThemeDeleteButton redirectTo="list" />
  </TopToolbar>
);

const EditorToolbar = ({ locked }: { locked: boolean }) => (
  <Toolbar>
    <Stack direction="row" spacing={2}>
      <SaveButton disabled={locked} />
      <ListButton label="ra.action.cancel" icon={<CloseIcon />} />
    </Stack>
  </Toolbar>
);

const ThemeEditorForm = () => {
  const record = useRecordContext<Theme>();
  const translate = useTranslate();
  const locked = isLocked(record);
  return (
    <SimpleForm toolbar={<EditorToolbar locked={locked} />} noValidate warnWhenUnsavedChanges>
      <ThemeNotices />
      <TextInput
        source="name"
        isRequired
        readOnly={locked}
        validate={[requiredField(translate(`${T}.fields.name`)), maxLength(THEME_LIMITS.name)]}
        helperText={locked ? false : translate(`${T}.helpers.name`, { max: THEME_LIMITS.name })}
        slotProps={{ htmlInput: { maxLength: THEME_LIMITS.name } }}
        sx={{ maxWidth: 480 }}
        fullWidth
      />
      <ThemeEditor readOnly={locked} />
    </SimpleForm>
  );
};

/**
 * The theme editor (PUT /whitelabelapp/theme/update with the name and the definition): it stays open after
 * a save, says the server's refusal in its words, and asks before leaving unsaved changes.
 */
export const ThemeEdit = () => {
  const notify = useNotify();
  return (
    <Edit
      actions={<Actions />}
      mutationMode="pessimistic"
      redirect={false}
      transform={toThemeForm}
      queryOptions={{ select: normalizeTheme }}
      mutationOptions={{ onError: (error) => notify(...errorNotification(error)) }}
    >
      <ThemeEditorForm />
    </Edit>
  );
};
