import {
  EditButton,
  Labeled,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
  useRecordContext,
} from 'react-admin';
import { DateField } from '../../kit/dates';
import { RejectButton } from './RejectButton';
import { ThemeStatusField, TokenPacksField } from './ThemeColumns';
import { ThemeDeleteButton } from './ThemeDeleteButton';
import { useScreenLabel } from './ThemeEditor';
import { ThemeNotices } from './ThemeNotices';
import { AllScreensPreview } from './ThemePreview';
import { normalizeTheme, T, type Theme } from './themeFields';

const Actions = () => (
  <TopToolbar>
    <EditButton />
    <RejectButton />
    <ThemeDeleteButton redirectTo="list" />
  </TopToolbar>
);

/** A preview of every screen, with the common fields. */
const Previews = (_: { label?: string }) => {
  const record = useRecordContext<Theme>();
  const screenLabel = useScreenLabel();
  if (!record?.themeDefinition) return null;
  return (
    <AllScreensPreview
      screens={record.themeDefinition.screenDefs.map((screen) => ({
        id: screen.id,
        label: screenLabel(screen),
        fields: screen.fields,
      }))}
      common={record.themeDefinition.commonDefs}
    />
  );
};

/** A theme: its name, status (and the provider's reason), the token packs showing it, and its screens. */
export const ThemeShow = () => (
  <Show actions={<Actions />} queryOptions={{ select: normalizeTheme }}>
    <SimpleShowLayout>
      <ThemeNotices />
      <TextField source="name" />
      <ThemeStatusField source="status" />
      <TokenPacksField source="tokenPacks" />
      <DateField source="createdDate" showTime />
      <DateField source="lastModifiedDate" showTime />
      <Labeled label={`${T}.preview.title`} fullWidth>
        <Previews />
      </Labeled>
    </SimpleShowLayout>
  </Show>
);
