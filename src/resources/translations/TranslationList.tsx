import DownloadIcon from '@mui/icons-material/Download';
import EditIcon from '@mui/icons-material/Edit';
import { Alert, Box, Chip, Menu, MenuItem, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import {
  Button,
  DataTable,
  maxLength,
  TextInput,
  useDataProvider,
  useNotify,
  useRecordContext,
  useTranslate,
  useUpdate,
} from 'react-admin';
import {
  LOCALES,
  type Locale,
  TRANSLATION_LIMITS,
  TRANSLATION_STATES,
  type TranslationRecord,
} from '../../../contract/translations';
import { saveFile } from '../../components/saveFile';
import { loadCatalogue } from '../../i18n';
import { DialogForm } from '../../kit/DialogForm';
import { errorNotification } from '../../kit/notifyError';
import { ButtonsColumn, ResourceList, searchFilters } from '../../kit/ResourceList';
import { SCOPE, sessionStore } from '../../session';

const T = 'resources.translations';

const filters = searchFilters({
  state: TRANSLATION_STATES.map((state) => ({ id: state, name: `${T}.states.${state}` })),
});

/** What the portal shows for a locale: the caller's override, else the provider's, else the file's. */
const shownText = (record: TranslationRecord, locale: Locale): string | null =>
  record.override[locale] ?? record.inherited[locale] ?? record.base[locale];

/** One locale's text of a row, marked when an override replaces the file's and when there is none. */
const TextCell = ({ locale }: { locale: Locale }) => {
  const translate = useTranslate();
  const record = useRecordContext<TranslationRecord>();
  if (!record) return null;
  const text = shownText(record, locale);
  const mark =
    record.override[locale] !== null
      ? `${T}.overridden`
      : record.inherited[locale] !== null
        ? `${T}.inherited`
        : null;
  return (
    <Box lang={locale} sx={{ maxWidth: 420, overflowWrap: 'anywhere' }}>
      {text === null ? (
        <Chip size="small" color="warning" label={translate(`${T}.missing`)} />
      ) : (
        <Typography variant="body2">{text}</Typography>
      )}
      {mark && (
        <Chip size="small" variant="outlined" color="primary" label={translate(mark)} sx={{ mt: 0.5 }} />
      )}
    </Box>
  );
};

/** A key, small and unbroken where it can be. */
const KeyCell = () => {
  const record = useRecordContext<TranslationRecord>();
  return (
    <Typography variant="body2" component="code" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
      {record?.id}
    </Typography>
  );
};

/**
 * A key's overrides, edited where the list is: each locale's file text (and the provider's override, for a
 * customer) above its field; an empty field removes the override. Saved locale by locale (a refused text
 * says why under its field), then the portal's own catalogue is loaded again so that it shows here too.
 */
const EditDialog = ({ record, onClose }: { record: TranslationRecord; onClose: () => void }) => {
  const translate = useTranslate();
  const [update] = useUpdate();
  const before = { en: record.override.en ?? '', vi: record.override.vi ?? '' };
  const submit = async (values: Record<Locale, string | null | undefined>) => {
    for (const locale of LOCALES) {
      const text = (values[locale] ?? '').trim() === '' ? null : values[locale]!;
      if ((text ?? '') === before[locale]) continue;
      await update(
        'translations',
        { id: record.id, data: { locale, text }, previousData: record as never },
        { mutationMode: 'pessimistic', returnPromise: true },
      );
    }
    await loadCatalogue({ again: true }).catch(() => undefined);
  };
  const placeholders = record.placeholders.map((name) => `%{${name}}`).join(', ');
  return (
    <DialogForm<Record<Locale, string | null | undefined>>
      title={`${T}.edit.title`}
      titleOptions={{ key: record.id }}
      explanation={placeholders ? `${T}.edit.placeholders` : undefined}
      explanationOptions={{ placeholders }}
      defaultValues={before}
      submit={submit}
      success={`${T}.edit.saved`}
      requireChange
      maxWidth="md"
      onClose={onClose}
    >
      <Stack spacing={2}>
        {LOCALES.map((locale) => (
          <Box key={locale}>
            <Typography
              variant="body2"
              color="text.secondary"
              lang={locale}
              sx={{ overflowWrap: 'anywhere' }}
            >
              {translate(`${T}.edit.catalogue`, { text: record.base[locale] ?? translate(`${T}.edit.none`) })}
            </Typography>
            {record.inherited[locale] !== null && (
              <Typography
                variant="body2"
                color="text.secondary"
                lang={locale}
                sx={{ overflowWrap: 'anywhere' }}
              >
                {translate(`${T}.edit.inherited`, { text: record.inherited[locale] })}
              </Typography>
            )}
            <TextInput
              source={locale}
              label={translate(`${T}.edit.override`, { language: translate(`${T}.fields.${locale}`) })}
              helperText={`${T}.edit.help`}
              multiline
              minRows={2}
              fullWidth
              validate={maxLength(TRANSLATION_LIMITS.text)}
              slotProps={{ htmlInput: { lang: locale } }}
            />
          </Box>
        ))}
      </Stack>
    </DialogForm>
  );
};

/** A row's Edit button and its dialog. */
const EditOverrides = () => {
  const record = useRecordContext<TranslationRecord>();
  const [open, setOpen] = useState(false);
  if (!record) return null;
  return (
    <>
      <Button label={`${T}.edit.action`} onClick={() => setOpen(true)}>
        <EditIcon />
      </Button>
      {open && <EditDialog record={record} onClose={() => setOpen(false)} />}
    </>
  );
};

/** Export of the caller's overrides of a locale, as a catalogue file. */
const ExportOverrides = () => {
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const download = async (locale: Locale) => {
    setAnchor(null);
    try {
      const { data } = await dataProvider.exportOverrides('translations', { locale });
      const { fileName, blob } = data as { fileName: string; blob: Blob };
      saveFile(blob, fileName);
    } catch (error) {
      notify(...errorNotification(error));
    }
  };
  return (
    <>
      <Button
        label={`${T}.export.label`}
        aria-haspopup="menu"
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <DownloadIcon />
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {LOCALES.map((locale) => (
          <MenuItem key={locale} onClick={() => void download(locale)}>
            <ExportLabel locale={locale} />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
};

const ExportLabel = ({ locale }: { locale: Locale }) => {
  const translate = useTranslate();
  return <>{translate(`${T}.export.${locale}`)}</>;
};

const Intro = () => {
  const translate = useTranslate();
  const own = sessionStore.get()?.originalScope === SCOPE.CUSTOMER;
  return (
    <Alert severity="info" sx={{ m: 1 }}>
      {translate(own ? `${T}.intro.customer` : `${T}.intro.provider`)}
    </Alert>
  );
};

const Column = DataTable.Col<TranslationRecord>;

/** A row on a phone, under its key: the English and the Vietnamese text, and its Edit button. */
const PhoneTexts = ({ record, onEdit }: { record: TranslationRecord; onEdit: () => void }) => {
  const translate = useTranslate();
  return (
    <>
      {LOCALES.map((locale) => (
        <Box component="span" key={locale} lang={locale} sx={{ display: 'block', overflowWrap: 'anywhere' }}>
          {shownText(record, locale) ?? translate(`${T}.missing`)}
        </Box>
      ))}
      <Button label={`${T}.edit.action`} onClick={onEdit} sx={{ mt: 0.5 }}>
        <EditIcon />
      </Button>
    </>
  );
};

/**
 * /translations: every key of the catalogue with its English and Vietnamese texts and the overrides, with
 * search, a filter for the keys missing in Vietnamese or overridden, edit in place and the export. On a
 * phone, a row is the key over its two texts, with its Edit button.
 */
export const TranslationList = () => {
  const [editing, setEditing] = useState<TranslationRecord | null>(null);
  return (
    <ResourceList<TranslationRecord>
      filters={filters}
      sort={{ field: 'id', order: 'ASC' }}
      perPage={25}
      actions={<ExportOverrides />}
      empty={false}
      before={
        <>
          <Intro />
          {editing && <EditDialog record={editing} onClose={() => setEditing(null)} />}
        </>
      }
      noMatch={<NoMatchText />}
      phone={{
        primaryText: (record) => (
          <Box component="code" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
            {record.id}
          </Box>
        ),
        secondaryText: (record) => <PhoneTexts record={record} onEdit={() => setEditing(record)} />,
        rowClick: false,
      }}
      wide
    >
      <Column source="id" field={KeyCell} />
      <Column source="en" disableSort>
        <TextCell locale="en" />
      </Column>
      <Column source="vi" disableSort>
        <TextCell locale="vi" />
      </Column>
      <ButtonsColumn>
        <EditOverrides />
      </ButtonsColumn>
    </ResourceList>
  );
};

const NoMatchText = () => {
  const translate = useTranslate();
  return (
    <Typography sx={{ p: 2 }} color="text.secondary">
      {translate(`${T}.noMatch`)}
    </Typography>
  );
};
