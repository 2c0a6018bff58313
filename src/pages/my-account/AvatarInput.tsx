import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import { Avatar, Box, Button, Stack, Typography } from '@mui/material';
import { type ChangeEvent, useState } from 'react';
import { TextInput, useTranslate, type Validator } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { IMAGE_URL_MAX_LENGTH, isImageUrl } from '../../../contract/rules';

const T = 'portal.myAccount.profile.avatar';

/** The largest picture taken from a file: its data: URL must stay under the contract's IMAGE_URL_MAX_LENGTH. */
export const AVATAR_MAX_KB = 140;

const validAvatar: Validator = (value: unknown) =>
  typeof value === 'string' && value.trim() && !isImageUrl(value.trim())
    ? 'resources.account.validation.avatar'
    : undefined;

const readAsDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });

/**
 * The account's avatar (contract/account.ts OwnProfile: an https address or a data:image URL): a picture
 * chosen from a file (kept inline as a data: URL, at most AVATAR_MAX_KB), or an https address typed in;
 * its preview, and Remove. A file that is not an image, or too large, is refused at once and the picture
 * before stays.
 */
export const AvatarInput = ({ initials }: { initials: string }) => {
  const translate = useTranslate();
  const { setValue } = useFormContext();
  const value: unknown = useWatch({ name: 'avatar' });
  const [refusal, setRefusal] = useState<string>();
  const avatar = typeof value === 'string' ? value.trim() : '';
  const inline = avatar.startsWith('data:');

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!file.type.startsWith('image/')) return setRefusal(translate(`${T}.notImage`));
    if (file.size > AVATAR_MAX_KB * 1024) {
      return setRefusal(translate(`${T}.tooLarge`, { size: AVATAR_MAX_KB }));
    }
    const url = await readAsDataUrl(file);
    if (url.length > IMAGE_URL_MAX_LENGTH || !isImageUrl(url)) {
      return setRefusal(translate(`${T}.tooLarge`, { size: AVATAR_MAX_KB }));
    }
    setRefusal(undefined);
    setValue('avatar', url, { shouldDirty: true, shouldValidate: true });
  };

  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mb: 2, width: '100%' }}>
      <Typography component="legend" variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate('resources.account.fields.avatar')}
      </Typography>
      <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Avatar
          src={isImageUrl(avatar) ? avatar : undefined}
          alt={avatar ? translate(`${T}.preview`) : undefined}
          sx={{ width: 64, height: 64, bgcolor: 'primary.main', color: 'primary.contrastText' }}
        >
          {initials}
        </Avatar>
        <Button component="label" variant="outlined" size="small" startIcon={<PhotoCameraIcon />}>
          {translate(`${T}.choose`)}
          <input type="file" accept="image/*" hidden onChange={(event) => void choose(event)} />
        </Button>
        {avatar && (
          <Button
            size="small"
            onClick={() => {
              setRefusal(undefined);
              setValue('avatar', '', { shouldDirty: true, shouldValidate: true });
            }}
          >
            {translate(`${T}.remove`)}
          </Button>
        )}
      </Stack>
      {refusal && (
        <Typography role="alert" variant="body2" color="error" sx={{ mt: 1 }}>
          {refusal}
        </Typography>
      )}
      {/* A picture from a file is no address to read: its field shows the address of one typed in only. */}
      {inline ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {translate(`${T}.uploaded`)}
        </Typography>
      ) : (
        <TextInput
          source="avatar"
          label={`${T}.url`}
          helperText="resources.account.helpers.avatar"
          validate={validAvatar}
          fullWidth
          sx={{ mt: 2 }}
        />
      )}
    </Box>
  );
};
