import { Avatar, Box, Stack, Typography } from '@mui/material';
import { useMemo, useState } from 'react';
import {
  BooleanInput,
  Button,
  ImageField,
  ImageInput,
  type ImageInputProps,
  maxLength,
  regex,
  SelectArrayInput,
  SelectInput,
  SimpleForm,
  TextInput,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { SaveCancelToolbar } from '../../components/SaveCancelToolbar';
import { requiredField } from '../../components/validators';
import { type IconRefusal, iconRefusal, ONE_ICON_ONLY, validIcon } from './icon';
import { connectorChoices, LIMITS, protocolChoices, type ServiceTemplate, UNAME_PATTERN } from './model';
import { slugify } from './slug';

const T = 'resources.service-template';

/** The URL name, with a suggestion made from the template name by the slug helper. */
const UnameInput = ({ validate }: { validate: ReturnType<typeof useValidators>['uname'] }) => {
  const translate = useTranslate();
  const { setValue } = useFormContext();
  const templateName: unknown = useWatch({ name: 'templateName' });
  const uname: unknown = useWatch({ name: 'uname' });
  const suggestion = typeof templateName === 'string' ? slugify(templateName) : '';
  return (
    <Box sx={{ width: '100%' }}>
      <TextInput
        source="uname"
        validate={validate}
        isRequired
        helperText={`${T}.helpers.uname`}
        slotProps={{ htmlInput: { maxLength: LIMITS.uname } }}
        fullWidth
      />
      {suggestion && suggestion !== uname && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: -1, mb: 2 }}>
          <Typography variant="body2" color="text.secondary">
            {translate(`${T}.suggestion.label`, { slug: suggestion })}
          </Typography>
          <Button
            label={`${T}.suggestion.use`}
            onClick={() =>
              setValue('uname', suggestion, { shouldDirty: true, shouldTouch: true, shouldValidate: true })
            }
          />
        </Stack>
      )}
    </Box>
  );
};

/** The icon the template has now, and the choice to remove it (edit only). */
const CurrentIcon = () => {
  const record = useRecordContext<ServiceTemplate>();
  const translate = useTranslate();
  if (!record) return null;
  if (!record.iconUrl)
    return (
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate(`${T}.helpers.noIcon`)}
      </Typography>
    );
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
      <Avatar
        src={record.iconUrl}
        alt={translate(`${T}.fields.iconUrl`)}
        variant="rounded"
        sx={{ width: 56, height: 56 }}
      />
      <BooleanInput source="removeIcon" helperText={`${T}.helpers.removeIcon`} />
    </Stack>
  );
};

type DropOptions = NonNullable<ImageInputProps['options']>;

/** The dropzone's check: the same rule as the form's, so that a refused file never becomes the value. */
const iconValidator: DropOptions['validator'] = (file) => {
  const refusal = iconRefusal(file);
  return refusal ? { code: 'icon-refused', message: refusal.message } : null;
};

/** Why the dropped files were refused. */
const refusalOf = (rejected: Parameters<NonNullable<DropOptions['onDrop']>>[1]): IconRefusal =>
  rejected.length > 1 ? ONE_ICON_ONLY : (iconRefusal(rejected[0].file) ?? ONE_ICON_ONLY);

/**
 * A new icon, with its preview, below the current one. A file of the wrong type or over the size limit is
 * refused as soon as it is chosen: it gets no preview, the message says why in place of the helper text,
 * and the icon chosen before (or none) stays the form's value.
 */
const IconInput = () => {
  const translate = useTranslate();
  const { setValue } = useFormContext();
  const current: unknown = useWatch({ name: 'iconFile' });
  const [refusal, setRefusal] = useState<IconRefusal>();
  const options: DropOptions = {
    validator: iconValidator,
    // react-admin's own handler has just set the value to nothing: put back the icon chosen before.
    onDrop: (_, rejected) => {
      if (rejected.length === 0) return setRefusal(undefined);
      setValue('iconFile', current, { shouldDirty: true });
      setRefusal(refusalOf(rejected));
    },
  };
  return (
    <ImageInput
      source="iconFile"
      validate={validIcon}
      options={options}
      onRemove={() => setRefusal(undefined)}
      helperText={
        refusal ? (
          <Box component="span" role="alert" sx={{ color: 'error.main' }}>
            {translate(refusal.message, refusal.args)}
          </Box>
        ) : (
          `${T}.helpers.iconFile`
        )
      }
      inputProps={{ accept: 'image/*', 'aria-label': translate(`${T}.iconPicker.input`) }}
    >
      <ImageField source="src" title="title" />
    </ImageInput>
  );
};

const useValidators = () => {
  const translate = useTranslate();
  return useMemo(() => {
    const label = (field: string) => translate(`${T}.fields.${field}`);
    return {
      uname: [
        requiredField(label('uname')),
        maxLength(LIMITS.uname),
        regex(UNAME_PATTERN, `${T}.validation.unameFormat`),
      ],
      templateName: [requiredField(label('templateName')), maxLength(LIMITS.templateName)],
      shortDescription: [maxLength(LIMITS.shortDescription)],
      description: [maxLength(LIMITS.description)],
      protocol: [requiredField(label('protocol'))],
    };
  }, [translate]);
};

/**
 * The form of create and edit: template name, URL name (with the slug suggestion), short description,
 * description, protocol, connectors by type name, and the icon (an image of at most 2,000,000 bytes).
 */
export const ServiceTemplateForm = ({ edit = false }: { edit?: boolean }) => {
  const validate = useValidators();
  return (
    <SimpleForm noValidate warnWhenUnsavedChanges toolbar={<SaveCancelToolbar />} sx={{ maxWidth: 720 }}>
      <TextInput
        source="templateName"
        validate={validate.templateName}
        isRequired
        helperText={`${T}.helpers.templateName`}
        slotProps={{ htmlInput: { maxLength: LIMITS.templateName } }}
        fullWidth
      />
      <UnameInput validate={validate.uname} />
      <TextInput
        source="shortDescription"
        validate={validate.shortDescription}
        helperText={`${T}.helpers.shortDescription`}
        slotProps={{ htmlInput: { maxLength: LIMITS.shortDescription } }}
        fullWidth
      />
      <TextInput
        source="description"
        validate={validate.description}
        helperText={`${T}.helpers.description`}
        slotProps={{ htmlInput: { maxLength: LIMITS.description } }}
        multiline
        minRows={4}
        fullWidth
      />
      <SelectInput source="protocol" choices={protocolChoices} validate={validate.protocol} isRequired />
      <SelectArrayInput source="connectorIds" choices={connectorChoices} sx={{ minWidth: 280 }} />
      {edit && <CurrentIcon />}
      <IconInput />
    </SimpleForm>
  );
};
