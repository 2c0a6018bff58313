import { EditButton, Labeled, Show, SimpleShowLayout, TextField, TopToolbar } from 'react-admin';
import { ActionChipsField } from './ActionChipsField';
import { PermissionsButton } from './PermissionsButton';
import { ScopeField } from './ScopeField';

/** An asset, with its Permissions button. */
export const AssetShow = () => (
  <Show
    actions={
      <TopToolbar>
        <PermissionsButton />
        <EditButton />
      </TopToolbar>
    }
  >
    <SimpleShowLayout>
      <TextField source="name" />
      <TextField source="description" />
      <TextField source="resourceType" />
      <Labeled source="actions">
        <ActionChipsField />
      </Labeled>
      <Labeled source="scope">
        <ScopeField />
      </Labeled>
    </SimpleShowLayout>
  </Show>
);
