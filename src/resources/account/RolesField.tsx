import { ArrayField, ChipField, SingleFieldList } from 'react-admin';

/** The account's roles as chips, by display name. */
export const RolesField = (_: { label?: string }) => (
  <ArrayField source="roles">
    <SingleFieldList linkType={false}>
      <ChipField source="displayName" size="small" />
    </SingleFieldList>
  </ArrayField>
);
