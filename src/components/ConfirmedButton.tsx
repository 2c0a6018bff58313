import { IconButton, Tooltip } from '@mui/material';
import { type ReactElement, useState } from 'react';
import { Button, type ButtonProps, useNotify, useTranslate } from 'react-admin';
import { ConfirmDialog } from '../kit/ConfirmDialog';
import { errorNotification } from '../kit/notifyError';

export interface ConfirmedButtonProps {
  /** The button's text (a catalogue key); an icon button's tooltip. */
  label: string;
  icon: ReactElement;
  color?: ButtonProps['color'];
  /** Draws an icon button (a row's action) named by this text, already translated ("Re-generate … of ann"). */
  iconName?: string;
  /** The confirmation's title and body (catalogue keys) and their values. */
  title: string;
  content: string;
  translateOptions?: Record<string, unknown>;
  /** What Yes does (the caller says so when it succeeds); a failure is notified in the server's words. */
  run: () => Promise<unknown>;
}

/**
 * A button that asks first (ConfirmDialog, spec 01 §2) and then acts: Delete, Re-generate… The dialog shows
 * its progress and closes when the action settles.
 */
export const ConfirmedButton = ({
  label,
  icon,
  color,
  iconName,
  title,
  content,
  translateOptions,
  run,
}: ConfirmedButtonProps) => {
  const notify = useNotify();
  const translate = useTranslate();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const accept = async () => {
    setBusy(true);
    try {
      await run();
    } catch (error) {
      notify(...errorNotification(error));
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };
  return (
    <>
      {iconName === undefined ? (
        <Button label={label} color={color} onClick={() => setConfirming(true)}>
          {icon}
        </Button>
      ) : (
        <Tooltip title={translate(label)}>
          <IconButton size="small" color={color} aria-label={iconName} onClick={() => setConfirming(true)}>
            {icon}
          </IconButton>
        </Tooltip>
      )}
      <ConfirmDialog
        open={confirming}
        title={title}
        content={content}
        translateOptions={translateOptions}
        loading={busy}
        onAccept={() => void accept()}
        onReject={() => setConfirming(false)}
      />
    </>
  );
};
