import DownloadIcon from '@mui/icons-material/Download';
import { CircularProgress } from '@mui/material';
import { useState } from 'react';
import { Button, useNotify } from 'react-admin';
import { errorNotification } from '../../components/notifyError';
import { saveFile } from '../../components/saveFile';
import type { DownloadedFile } from '../../dataProviders';
import { T } from './model';

/**
 * A zip of QR codes, saved under the name the server gives it. The server makes it while it streams it, so
 * a large pack takes a while: meanwhile the button turns into a spinner saying 'Preparing the zip…' and
 * cannot be pressed again.
 */
export const ZipButton = ({
  label,
  fetch,
}: {
  label: string;
  fetch: () => Promise<{ data: DownloadedFile }>;
}) => {
  const notify = useNotify();
  const [preparing, setPreparing] = useState(false);
  const download = async () => {
    setPreparing(true);
    try {
      const { data } = await fetch();
      saveFile(data.blob, data.fileName);
    } catch (error) {
      notify(...errorNotification(error));
    } finally {
      setPreparing(false);
    }
  };
  return (
    <Button
      label={preparing ? `${T}.actions.preparingZip` : label}
      onClick={() => void download()}
      disabled={preparing}
      aria-busy={preparing}
    >
      {preparing ? <CircularProgress size={16} color="inherit" /> : <DownloadIcon />}
    </Button>
  );
};
