import { type ReactElement, useState } from 'react';
import {
  Button,
  type RaRecord,
  useDataProvider,
  useNotify,
  useRecordContext,
  useRefresh,
  useResourceContext,
} from 'react-admin';
import { ConfirmDialog } from '../kit/ConfirmDialog';
import { errorNotification } from '../kit/notifyError';
import { SecretDialog, type SecretTexts } from './SecretDialog';

export interface SecretActionButtonProps {
  /** The data provider's action: called with the record's id, answering the secret. */
  action: string;
  label: string;
  icon: ReactElement;
  /** The secret in the action's answer. */
  field: string;
  texts: SecretTexts;
  /** Asks first (a regeneration: the old secret stops working). */
  confirm?: { title: string; content: string };
  /** What the user sees when the answer holds no secret (a resource whose errors are swallowed). */
  failed?: string;
}

/**
 * A button that makes or reveals a record's secret (regenerate a shared secret or an API key, reveal a
 * client secret) and shows it in a dialog with a copy button; a regeneration asks first.
 */
export const SecretActionButton = ({
  action,
  label,
  icon,
  field,
  texts,
  confirm,
  failed,
}: SecretActionButtonProps) => {
  const record = useRecordContext<RaRecord>();
  const resource = useResourceContext() as string;
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const [asking, setAsking] = useState(false);
  const [loading, setLoading] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  if (!record) return null;

  const run = async () => {
    setLoading(true);
    try {
      const { data } = await dataProvider[action](resource, { id: record.id });
      const value = (data as Record<string, unknown> | null)?.[field];
      if (typeof value === 'string' && value) setSecret(value);
      else notify(failed ?? 'error.default.internal.server.error', { type: 'warning' });
    } catch (error) {
      notify(...errorNotification(error));
    } finally {
      setLoading(false);
      setAsking(false);
    }
  };

  return (
    <>
      <Button label={label} onClick={() => (confirm ? setAsking(true) : void run())} disabled={loading}>
        {icon}
      </Button>
      {confirm && (
        <ConfirmDialog
          open={asking}
          title={confirm.title}
          content={confirm.content}
          loading={loading}
          onAccept={() => void run()}
          onReject={() => setAsking(false)}
        />
      )}
      {secret !== null && (
        <SecretDialog
          texts={texts}
          secret={secret}
          onClose={() => {
            setSecret(null);
            if (confirm) refresh();
          }}
        />
      )}
    </>
  );
};
