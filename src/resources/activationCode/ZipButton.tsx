import DownloadIcon from '@mui/icons-material/Download';
import { CircularProgress } from '@mui/material';
import { useState } from 'react';
import { Button, useNotify, useTranslate } from 'react-admin';
import { ZIP_ENTRIES_HEADER } from '../../../contract/activationCode';
import { saveFile } from '../../components/saveFile';
import type { DownloadedFile } from '../../dataProviders';
import { errorNotification } from '../../kit/notifyError';
import { T } from './model';
import { zipEntryCounter } from './zipProgress';

/** Follows a download's parts as they arrive. */
export type OnChunk = (chunk: Uint8Array, headers: Headers) => void;

/**
 * A zip of QR codes, saved under the name the server gives it. The server makes it while it streams it, so
 * a large pack takes a while: meanwhile the button cannot be pressed again and shows how far the zip has
 * come (the files received out of those the server announced), or 'Preparing the zip…' until it knows.
 */
export const ZipButton = ({
  label,
  fetch,
}: {
  label: string;
  fetch: (onChunk: OnChunk) => Promise<{ data: DownloadedFile }>;
}) => {
  const notify = useNotify();
  const translate = useTranslate();
  const [preparing, setPreparing] = useState(false);
  const [percent, setPercent] = useState<number | null>(null);
  const download = async () => {
    setPreparing(true);
    setPercent(null);
    const count = zipEntryCounter();
    let shown = -1;
    const onChunk: OnChunk = (chunk, headers) => {
      const total = Number(headers.get(ZIP_ENTRIES_HEADER));
      const received = count(chunk);
      if (!Number.isInteger(total) || total <= 0) return;
      const now = Math.min(99, Math.floor((Math.min(received, total) / total) * 100));
      if (now !== shown) {
        shown = now;
        setPercent(now);
      }
    };
    try {
      const { data } = await fetch(onChunk);
      saveFile(data.blob, data.fileName);
    } catch (error) {
      notify(...errorNotification(error));
    } finally {
      setPreparing(false);
      setPercent(null);
    }
  };
  const busyLabel =
    percent === null
      ? translate(`${T}.actions.preparingZip`)
      : translate(`${T}.actions.preparingZipProgress`, { percent });
  return (
    <Button
      label={preparing ? busyLabel : label}
      onClick={() => void download()}
      disabled={preparing}
      aria-busy={preparing}
    >
      {preparing ? (
        <CircularProgress
          size={16}
          color="inherit"
          variant={percent === null ? 'indeterminate' : 'determinate'}
          value={percent ?? undefined}
          aria-label={busyLabel}
        />
      ) : (
        <DownloadIcon />
      )}
    </Button>
  );
};
