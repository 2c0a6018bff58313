import { useMemo } from 'react';
import { Edit, Labeled, maxLength, TextField, TextInput, useTranslate } from 'react-admin';
import { ResourceForm } from '../../components/ResourceForm';
import { requiredField } from '../../components/validators';
import { ActionChipsField } from './ActionChipsField';
import { ASSET_LIMITS } from './model';

const T = 'resources.asset';

/** Only the name and the description are the operator's; the resource type and actions follow the catalogue. */
const toAssetPayload = ({ name, description }: Record<string, unknown>) => ({
  name: typeof name === 'string' ? name.trim() : '',
  description: typeof description === 'string' ? description : '',
});

/** The asset's name and description (PUT /account/asset/{id}). */
export const AssetEdit = () => {
  const translate = useTranslate();
  const validate = useMemo(
    () => ({
      name: [requiredField(translate(`${T}.fields.name`)), maxLength(ASSET_LIMITS.name)],
      description: [maxLength(ASSET_LIMITS.description)],
    }),
    [translate],
  );
  return (
    <Edit transform={toAssetPayload} mutationMode="pessimistic" redirect="list">
      <ResourceForm maxWidth={600}>
        <Labeled source="resourceType">
          <TextField source="resourceType" />
        </Labeled>
        <Labeled source="actions">
          <ActionChipsField />
        </Labeled>
        <TextInput
          source="name"
          validate={validate.name}
          helperText={`${T}.helpers.name`}
          slotProps={{ htmlInput: { maxLength: ASSET_LIMITS.name } }}
          fullWidth
        />
        <TextInput
          source="description"
          validate={validate.description}
          helperText={`${T}.helpers.description`}
          slotProps={{ htmlInput: { maxLength: ASSET_LIMITS.description } }}
          multiline
          minRows={2}
          fullWidth
        />
      </ResourceForm>
    </Edit>
  );
};
