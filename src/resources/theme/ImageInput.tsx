import DeleteIcon from '@mui/icons-material/Delete';
import UploadIcon from '@mui/icons-material/Upload';
import { Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { useId, useRef, useState } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { UploadedImage } from '../../../contract/theme';
import type { PortalDataProvider } from '../../dataProviders';
import { errorNotification } from '../../kit/notifyError';
import { IMAGE_ACCEPT, imageRefusal, imageSrc, T } from './themeFields';

export interface ImageInputProps {
  label: string;
  /** The uploaded image's path, or '' for none. */
  value: string;
  onApply: (value: string) => void;
  readOnly?: boolean;
  /** The common screen's image of the same field, which a screen without its own shows (the preview's). */
  inherited?: string;
}

/**
 * An image field: the image shown from its path (or, on a screen without its own, the common screen's,
 * said so), Upload (POST /whitelabelapp/files/upload, the answer's
 * path becomes the value) and Remove. A file that is not a PNG, JPEG, SVG, WebP or GIF image of at most 1 MB
 * is refused before sending; the server's refusal is shown in its words.
 */
export const ImageInput = ({ label, value, onApply, readOnly = false, inherited = '' }: ImageInputProps) => {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const [uploading, setUploading] = useState(false);
  const labelId = useId();
  const picker = useRef<HTMLInputElement>(null);

  const upload = async (file: File | undefined) => {
    if (!file) return;
    const refusal = imageRefusal(file);
    if (refusal) {
      notify(refusal, { type: 'warning' });
      return;
    }
    setUploading(true);
    try {
      const { data } = await dataProvider.upload<UploadedImage>('theme', { file });
      onApply(data.path);
    } catch (error) {
      notify(...errorNotification(error));
    } finally {
      setUploading(false);
    }
  };

  return (
    <Stack spacing={1} sx={{ width: '100%', my: 1 }} role="group" aria-labelledby={labelId}>
      <Typography id={labelId} variant="body2" color="text.secondary">
        {label}
      </Typography>
      {value || inherited ? (
        <Box
          component="img"
          src={imageSrc(value || inherited)}
          alt={value ? label : translate(`${T}.editor.commonImageOf`, { label })}
          sx={{
            maxWidth: 160,
            maxHeight: 80,
            objectFit: 'contain',
            alignSelf: 'flex-start',
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            p: 0.5,
          }}
        />
      ) : null}
      {value ? null : (
        <Typography variant="body2">
          {translate(inherited ? `${T}.editor.commonImage` : `${T}.editor.noImage`)}
        </Typography>
      )}
      {readOnly ? null : (
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
          <Button
            size="small"
            variant="outlined"
            startIcon={uploading ? <CircularProgress size={16} /> : <UploadIcon />}
            disabled={uploading}
            onClick={() => picker.current?.click()}
          >
            {translate(
              uploading ? `${T}.editor.uploading` : value ? `${T}.editor.replace` : `${T}.editor.upload`,
            )}
          </Button>
          <input
            ref={picker}
            type="file"
            hidden
            accept={IMAGE_ACCEPT}
            aria-label={translate(`${T}.editor.uploadInput`, { label })}
            onChange={(event) => {
              void upload(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
          {value ? (
            <Button
              size="small"
              color="error"
              startIcon={<DeleteIcon />}
              aria-label={translate(`${T}.editor.removeOf`, { label })}
              onClick={() => onApply('')}
            >
              {translate(`${T}.editor.remove`)}
            </Button>
          ) : null}
        </Stack>
      )}
      {readOnly ? null : (
        <Typography variant="caption" color="text.secondary">
          {translate(`${T}.editor.imageHelp`)}
        </Typography>
      )}
    </Stack>
  );
};
