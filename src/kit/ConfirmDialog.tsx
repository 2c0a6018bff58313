import type { SyntheticEvent } from 'react';
import { Confirm } from 'react-admin';

/**
 * The confirmation dialog of docs/requirements/portal-routes-and-menus.md: a title and a body (defaults 'Confirmation' and 'Are you
 * sure?'), yes and no buttons, and the accept or reject callback.
 */
export interface ConfirmDialogProps {
  open: boolean;
  title?: string;
  content?: string;
  translateOptions?: Record<string, unknown>;
  loading?: boolean;
  /** Called with the click (react-admin's controllers stop its propagation). */
  onAccept: (event: SyntheticEvent) => void;
  onReject: (event: SyntheticEvent) => void;
}

export const ConfirmDialog = ({
  open,
  title = 'portal.confirm.title',
  content = 'portal.confirm.content',
  translateOptions,
  loading,
  onAccept,
  onReject,
}: ConfirmDialogProps) => (
  <Confirm
    isOpen={open}
    title={title}
    content={content}
    translateOptions={translateOptions}
    loading={loading}
    confirm="portal.confirm.yes"
    cancel="portal.confirm.no"
    onConfirm={onAccept}
    onClose={onReject}
  />
);
