import { Box } from '@mui/material';
import { useState } from 'react';
import { ImageField, ImageInput, type ImageInputProps, useTranslate } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import type { ImageRefusal, ImageRules } from './imageRules';

type DropOptions = NonNullable<ImageInputProps['options']>;

export interface RefusableImageInputProps {
  source: string;
  label?: string;
  /** What a file is checked against, as soon as it is chosen (imageRules). */
  rules: ImageRules;
  /** The dropzone also refuses a file over the size limit itself. */
  dropzoneLimit?: boolean;
  /** The helper text (a catalogue key), in place of which a refusal is said. */
  helperText: string;
  /** The file input's name for screen readers, already translated. */
  inputLabel: string;
}

/**
 * An image picker (react-admin's ImageInput, with the new image's preview). A file of the wrong type or over
 * the size limit is refused as soon as it is chosen: it gets no preview, the message says why in place of
 * the helper text, and the image chosen before (or none) stays the form's value.
 */
export const RefusableImageInput = ({
  rules: { refusalOf, oneOnly, validate, maxBytes },
  dropzoneLimit = false,
  helperText,
  inputLabel,
  ...input
}: RefusableImageInputProps) => {
  const translate = useTranslate();
  const { setValue } = useFormContext();
  const current: unknown = useWatch({ name: input.source });
  const [refusal, setRefusal] = useState<ImageRefusal>();
  const options: DropOptions = {
    // The dropzone's check is the form's rule, so that a refused file never becomes the value.
    validator: (file) => {
      const refused = refusalOf(file);
      return refused ? { code: 'image-refused', message: refused.message } : null;
    },
    maxSize: dropzoneLimit ? maxBytes : undefined,
    // react-admin's own handler has just set the value to nothing: put back the image chosen before.
    onDrop: (_, rejected) => {
      if (rejected.length === 0) return setRefusal(undefined);
      setValue(input.source, current, { shouldDirty: true });
      setRefusal(rejected.length > 1 ? oneOnly : (refusalOf(rejected[0].file) ?? oneOnly));
    },
  };
  return (
    <ImageInput
      {...input}
      validate={validate}
      options={options}
      onRemove={() => setRefusal(undefined)}
      helperText={
        refusal ? (
          <Box component="span" role="alert" sx={{ color: 'error.main' }}>
            {translate(refusal.message, refusal.args)}
          </Box>
        ) : (
          helperText
        )
      }
      inputProps={{ accept: 'image/*', 'aria-label': inputLabel }}
    >
      <ImageField source="src" title="title" />
    </ImageInput>
  );
};
