import type { ReactNode } from 'react';
import { EditButton, TopToolbar, useCanAccess, useResourceContext } from 'react-admin';
import { ConnectorDeleteButton } from './ConnectorList';

/**
 * The buttons of a connector's page: its own (`children`), those that make or show its secret
 * (`configure`, with the configure permission), Edit, and Delete with the delete permission.
 */
export const ConnectorActions = ({
  nameField,
  configure,
  children,
}: {
  nameField: string;
  configure?: ReactNode;
  children?: ReactNode;
}) => {
  const resource = useResourceContext() as string;
  const { canAccess: canDelete } = useCanAccess({ resource, action: 'delete' });
  const { canAccess: canConfigure } = useCanAccess({ resource, action: 'configure' });
  return (
    <TopToolbar sx={{ flexWrap: 'wrap' }}>
      {children}
      {canConfigure && configure}
      <EditButton />
      {canDelete && <ConnectorDeleteButton nameField={nameField} />}
    </TopToolbar>
  );
};
