import { Avatar, Box, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import {
  BooleanInput,
  ImageField,
  ImageInput,
  type ImageInputProps,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import {
  IMAGE_MAX_BYTES,
  IMAGES,
  type ImagePart,
  type ImageRefusal,
  imageRefusal,
  ONE_IMAGE_ONLY,
  T,
  type TokenPack,
  validImage,
} from './tokenPackFields';

type DropOptions = NonNullable<ImageInputProps['options']>;

/** The dropzone's check: the same rule as the form's, so that a refused file never becomes the value. */
const imageValidator: DropOptions['validator'] = (file) => {
  const refusal = imageRefusal(file);
  return refusal ? { code: 'image-refused', message: refusal.message } : null;
};

const refusalOf = (rejected: Parameters<NonNullable<DropOptions['onDrop']>>[1]): ImageRefusal =>
  rejected.length > 1 ? ONE_IMAGE_ONLY : (imageRefusal(rejected[0].file) ?? ONE_IMAGE_ONLY);

/** The image the pack has now, and the choice to remove it (edit only). */
const CurrentImage = ({ part }: { part: ImagePart }) => {
  const record = useRecordContext<TokenPack>();
  const translate = useTranslate();
  if (!record) return null;
  const url = record[IMAGES[part].url];
  if (!url)
    return (
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate(`${T}.helpers.noImage`)}
      </Typography>
    );
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <Avatar
        src={url}
        alt={translate(`${T}.current.${part}`)}
        variant="rounded"
        sx={{ width: 56, height: 56 }}
      />
      <BooleanInput source={IMAGES[part].remove} helperText={`${T}.helpers.removeImage`} />
    </Stack>
  );
};

/**
 * One image of the pack (icon or feature image): on edit the current one with its remove switch, then the
 * picker of a new one with its preview. A file that is not an image or is over 2,000,000 bytes is refused as
 * soon as it is chosen: no preview, the reason in place of the helper text, and the image chosen before (or
 * none) stays the value.
 */
export const PackImageInput = ({ part, edit }: { part: ImagePart; edit: boolean }) => {
  const translate = useTranslate();
  const { setValue } = useFormContext();
  const current: unknown = useWatch({ name: part });
  const [refusal, setRefusal] = useState<ImageRefusal>();
  const options: DropOptions = {
    validator: imageValidator,
    maxSize: IMAGE_MAX_BYTES,
    // react-admin's own handler has just set the value to nothing: put back the image chosen before.
    onDrop: (_, rejected) => {
      if (rejected.length === 0) return setRefusal(undefined);
      setValue(part, current, { shouldDirty: true });
      setRefusal(refusalOf(rejected));
    },
  };
  return (
    <Box component="section" aria-label={translate(`${T}.fields.${part}`)} sx={{ width: '100%', mb: 1 }}>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        {translate(`${T}.fields.${part}`)}
      </Typography>
      {edit && <CurrentImage part={part} />}
      <ImageInput
        source={part}
        label={edit ? `${T}.pickers.replace` : `${T}.pickers.choose`}
        validate={validImage}
        options={options}
        onRemove={() => setRefusal(undefined)}
        helperText={
          refusal ? (
            <Box component="span" role="alert" sx={{ color: 'error.main' }}>
              {translate(refusal.message, refusal.args)}
            </Box>
          ) : (
            `${T}.helpers.image`
          )
        }
        inputProps={{ accept: 'image/*', 'aria-label': translate(`${T}.pickers.${part}`) }}
      >
        <ImageField source="src" title="title" />
      </ImageInput>
    </Box>
  );
};
