import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DownloadIcon from '@mui/icons-material/Download';
import { Box, Stack } from '@mui/material';
import { Button, useNotify, useTranslate } from 'react-admin';
import { saveFile } from './saveFile';

export interface CodeBlockProps {
  /** The block's accessible name (a catalogue key). */
  label: string;
  text: string;
  /** Offers a download under this name. */
  fileName?: string;
  mimeType?: string;
}

/**
 * Text to copy or save as it is (a script, metadata): monospace, scrollable on its own (a long line does not
 * widen the page), reachable by keyboard, with Copy and Download.
 */
export const CodeBlock = ({ label, text, fileName, mimeType = 'text/plain' }: CodeBlockProps) => {
  const translate = useTranslate();
  const notify = useNotify();
  const copy = async () => {
    await navigator.clipboard.writeText(text);
    notify('portal.code.copied', { type: 'info' });
  };
  return (
    <Stack spacing={1} sx={{ width: '100%', minWidth: 0 }}>
      {/* A scrollable region is reachable by keyboard (tabIndex 0). */}
      <Box
        component="pre"
        role="region"
        aria-label={translate(label)}
        tabIndex={0}
        sx={{
          m: 0,
          p: 2,
          maxHeight: 420,
          overflow: 'auto',
          bgcolor: 'grey.100',
          color: 'text.primary',
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          fontFamily: 'monospace',
          fontSize: 13,
          whiteSpace: 'pre',
        }}
      >
        {text}
      </Box>
      <Stack direction="row" spacing={1}>
        <Button label="portal.code.copy" onClick={() => void copy()} variant="outlined">
          <ContentCopyIcon />
        </Button>
        {fileName && (
          <Button
            label="portal.code.download"
            onClick={() => saveFile(new Blob([text], { type: mimeType }), fileName)}
            variant="outlined"
          >
            <DownloadIcon />
          </Button>
        )}
      </Stack>
    </Stack>
  );
};
