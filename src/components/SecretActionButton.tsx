import { type ReactElement, useState } from 'react';
import { useRefresh } from 'react-admin';
import type { ActionName } from '../dataProviders';
import { ActionButton } from '../kit/ActionButton';
import { SecretDialog, type SecretTexts } from './SecretDialog';

export interface SecretActionButtonProps {
  /** The data provider's action: called with the record's id, answering the secret. */
  action: ActionName;
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
  const refresh = useRefresh();
  const [secret, setSecret] = useState<string | null>(null);
  const secretOf = (answer: { data: unknown }) => {
    const value = (answer.data as Record<string, unknown> | null)?.[field];
    return typeof value === 'string' && value ? value : null;
  };
  return (
    <>
      <ActionButton<never, { data: unknown }>
        label={label}
        icon={icon}
        action={action}
        params={({ ids }) => ({ id: ids[0] })}
        confirm={confirm}
        success={(answer) =>
          secretOf(answer)
            ? undefined
            : [failed ?? 'error.default.internal.server.error', { type: 'warning' }]
        }
        onSuccess={(answer) => setSecret(secretOf(answer))}
        refresh={false}
      />
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
