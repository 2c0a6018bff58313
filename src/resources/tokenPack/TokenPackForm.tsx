import CloseIcon from '@mui/icons-material/Close';
import { Stack } from '@mui/material';
import {
  CanAccess,
  ListButton,
  maxValue,
  minValue,
  NumberInput,
  ReferenceInput,
  SaveButton,
  SelectInput,
  TabbedForm,
  TextInput,
  Toolbar,
  useTranslate,
} from 'react-admin';
import { ACTIVATION_REMINDER_MAX_DAYS } from '../../../contract/tokenPack';
import { FormSection } from '../../components/FormSection';
import { PackDeleteButton } from './PackDeleteButton';
import { PackImageInput } from './PackImageInput';
import { ServicesInput } from './ServicesInput';
import { T, TOKEN_PACK_NAME_MAX, validName } from './tokenPackFields';

/** Save, Cancel back to the list (docs/requirements/portal-routes-and-menus.md), and on edit Delete at the far end. */
const PackToolbar = ({ edit }: { edit: boolean }) => (
  <Toolbar sx={{ justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
    <Stack direction="row" spacing={2}>
      <SaveButton />
      <ListButton label="ra.action.cancel" icon={<CloseIcon />} />
    </Stack>
    {edit && <PackDeleteButton />}
  </Toolbar>
);

/** Reminders come every whole number of days. */
const wholeDays = (value: unknown) =>
  value === null || value === undefined || Number.isInteger(value) ? undefined : `${T}.validation.wholeDays`;

/** The select's "none" is an empty string: the contract's "no primary directory" is null. */
const nullWhenEmpty = (value: unknown) => (value === '' || value === undefined ? null : value);

/**
 * The pack's Info tab as a form: its name (docs/requirements/portal-validation.md: 'Name is required', 'Name is invalid'), its icon and
 * feature image, its primary directory and, on edit, the theme its app shows (an active theme of the customer,
 * with theme:view) and which of its services are usable (effective on save).
 * A new pack has no services yet. Leaving with unsaved changes asks first.
 */
export const TokenPackForm = ({ edit = false }: { edit?: boolean }) => {
  const translate = useTranslate();
  return (
    <TabbedForm
      noValidate
      warnWhenUnsavedChanges
      toolbar={<PackToolbar edit={edit} />}
      sx={{ maxWidth: 720 }}
    >
      <TabbedForm.Tab label={`${T}.tabs.info`}>
        <TextInput
          source="name"
          validate={validName}
          isRequired
          helperText={translate(`${T}.helpers.name`, { max: TOKEN_PACK_NAME_MAX })}
          slotProps={{ htmlInput: { maxLength: TOKEN_PACK_NAME_MAX } }}
          fullWidth
        />
        <ReferenceInput source="primaryDirectoryId" reference="ldap" sort={{ field: 'name', order: 'ASC' }}>
          <SelectInput
            optionText="name"
            label={`${T}.fields.primaryDirectoryId`}
            emptyText={`${T}.helpers.noDirectory`}
            helperText={`${T}.helpers.primaryDirectoryId`}
            parse={nullWhenEmpty}
            fullWidth
          />
        </ReferenceInput>
        <FormSection title={`${T}.sections.images`}>
          <PackImageInput part="iconFile" edit={edit} />
          <PackImageInput part="featureImageFile" edit={edit} />
        </FormSection>
        {edit && (
          <CanAccess resource="theme" action="list">
            <ReferenceInput
              source="themeId"
              reference="theme"
              sort={{ field: 'name', order: 'ASC' }}
              filter={{ status: 'ACTIVE' }}
            >
              <SelectInput
                optionText="name"
                label={`${T}.fields.themeId`}
                emptyText={`${T}.helpers.noTheme`}
                helperText={`${T}.helpers.themeId`}
                parse={nullWhenEmpty}
                fullWidth
              />
            </ReferenceInput>
          </CanAccess>
        )}
        <NumberInput
          source="activationReminderDays"
          label={`${T}.fields.activationReminderDays`}
          helperText={translate(`${T}.helpers.activationReminderDays`, { max: ACTIVATION_REMINDER_MAX_DAYS })}
          min={1}
          max={ACTIVATION_REMINDER_MAX_DAYS}
          step={1}
          validate={[minValue(1), maxValue(ACTIVATION_REMINDER_MAX_DAYS), wholeDays]}
          parse={(value) => (value === '' || value === null || Number.isNaN(value) ? null : Number(value))}
          fullWidth
        />
        {edit && <ServicesInput />}
      </TabbedForm.Tab>
    </TabbedForm>
  );
};
