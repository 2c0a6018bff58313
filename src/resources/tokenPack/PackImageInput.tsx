import { Avatar, Box, Stack, Typography } from '@mui/material';
import { BooleanInput, useRecordContext, useTranslate } from 'react-admin';
import { RefusableImageInput } from '../../components/RefusableImageInput';
import { IMAGE_RULES, IMAGES, type ImagePart, T, type TokenPack } from './tokenPackFields';

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
  return (
    <Box component="section" aria-label={translate(`${T}.fields.${part}`)} sx={{ width: '100%', mb: 1 }}>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        {translate(`${T}.fields.${part}`)}
      </Typography>
      {edit && <CurrentImage part={part} />}
      <RefusableImageInput
        source={part}
        label={edit ? `${T}.pickers.replace` : `${T}.pickers.choose`}
        rules={IMAGE_RULES}
        dropzoneLimit
        helperText={`${T}.helpers.image`}
        inputLabel={translate(`${T}.pickers.${part}`)}
      />
    </Box>
  );
};
