import { Avatar, Box, Stack, Typography } from '@mui/material';
import { useMemo } from 'react';
import {
  BooleanInput,
  Button,
  maxLength,
  regex,
  SelectArrayInput,
  SelectInput,
  TextInput,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { RefusableImageInput } from '../../components/RefusableImageInput';
import { ResourceForm } from '../../components/ResourceForm';
import { requiredField } from '../../components/validators';
import { ICON_RULES } from './icon';
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

/** A new icon, with its preview, below the current one; a file the icon rule refuses is refused when chosen. */
const IconInput = () => {
  const translate = useTranslate();
  return (
    <RefusableImageInput
      source="iconFile"
      rules={ICON_RULES}
      helperText={`${T}.helpers.iconFile`}
      inputLabel={translate(`${T}.iconPicker.input`)}
    />
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
    <ResourceForm>
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
    </ResourceForm>
  );
};
