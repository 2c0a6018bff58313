import { Box, Stack, Tab, Tabs, Typography } from '@mui/material';
import { useState } from 'react';
import { maxLength, TextInput, useTranslate } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { THEME_LIMITS, type ThemeDefinition, type ThemeField } from '../../../contract/theme';
import { ColourInput } from './ColourInput';
import { ImageInput } from './ImageInput';
import { AllScreensPreview, type PreviewScreen, ScreenPreview } from './ThemePreview';
import { COMMON_KEY, commonColourTargets, type EditorScreen, editorScreens, T } from './themeFields';

/** A screen's name: the catalogue's for its id, else its own name, else its id. */
export const useScreenLabel = () => {
  const translate = useTranslate();
  return (screen: { id: string; name?: string }) =>
    translate(`${T}.screens.${screen.id}`, { _: screen.name || screen.id });
};

/** A field's label: the catalogue's for its id, else its own label, else its id. */
export const useFieldLabel = () => {
  const translate = useTranslate();
  return (field: ThemeField) => translate(`${T}.fieldIds.${field.id}`, { _: field.label || field.id });
};

/**
 * The theme editor (docs/requirements/portal-routes-and-menus.md, docs/requirements/billing-services-states.md): the screen picker (the common screen, then every screen of the
 * definition), the chosen screen's fields (colours, texts, images) and beside them, or under them on a
 * phone, a live preview of the screen. Changes update the form in place; a colour of the common screen is
 * copied to the field of the same id on every screen, where it is read-only (the server copies the common
 * colours again on save: a screen's own colour needs an id of its own, as approveColor).
 */
export const ThemeEditor = ({ readOnly = false }: { readOnly?: boolean }) => {
  const translate = useTranslate();
  const screenLabel = useScreenLabel();
  const fieldLabel = useFieldLabel();
  const { setValue } = useFormContext();
  const definition = useWatch({ name: 'themeDefinition' }) as ThemeDefinition | undefined;
  const screens = editorScreens(definition);
  const [selectedKey, setSelectedKey] = useState(COMMON_KEY);
  const selected = screens.find((screen) => screen.key === selectedKey) ?? screens[0];
  const common = definition?.commonDefs ?? [];
  // A screen's colour of a common id follows the common screen (the save copies it there again).
  const commonColours = new Set(common.filter((field) => field.type === 'color').map((field) => field.id));

  const set = (path: string, value: string) =>
    setValue(path, value, { shouldDirty: true, shouldTouch: true });

  const applyColour = (screen: EditorScreen, field: ThemeField, index: number, value: string) => {
    set(`${screen.path}.${index}.value`, value);
    if (screen.key === COMMON_KEY)
      for (const path of commonColourTargets(definition?.screenDefs ?? [], field.id)) set(path, value);
  };

  const previewScreens: PreviewScreen[] = screens
    .filter((screen) => screen.key !== COMMON_KEY)
    .map((screen) => ({ id: screen.id, label: screenLabel(screen), fields: screen.fields }));
  const selectedLabel = screenLabel(selected);

  return (
    <Box sx={{ width: '100%' }}>
      {/*
        width 0 with min-width 100%: the tabs fill the form and add nothing to its min-content width, which
        react-admin's layout (min-width: fit-content) would otherwise widen to the five tabs at 375 px.
      */}
      <Box sx={{ width: 0, minWidth: '100%' }}>
        <Tabs
          value={selected.key}
          onChange={(_, key: string) => setSelectedKey(key)}
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
          aria-label={translate(`${T}.editor.screens`)}
          sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}
        >
          {screens.map((screen) => (
            <Tab
              key={screen.key}
              value={screen.key}
              label={screenLabel(screen)}
              id={`theme-screen-tab-${screen.key}`}
              aria-controls="theme-screen-panel"
            />
          ))}
        </Tabs>
      </Box>
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={3}
        id="theme-screen-panel"
        role="tabpanel"
        aria-labelledby={`theme-screen-tab-${selected.key}`}
        sx={{ alignItems: { xs: 'stretch', md: 'flex-start' } }}
      >
        <Stack
          component="section"
          aria-label={translate(`${T}.editor.fields`, { screen: selectedLabel })}
          sx={{ flex: '1 1 0', minWidth: 0, maxWidth: { md: 480 } }}
        >
          {selected.key === COMMON_KEY ? (
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {translate(`${T}.editor.common`)}
            </Typography>
          ) : null}
          {selected.fields.length === 0 ? (
            <Typography variant="body2">{translate(`${T}.editor.noFields`)}</Typography>
          ) : null}
          {selected.fields.map((field, index) => {
            const label = fieldLabel(field);
            const key = `${selected.key}-${field.id}-${index}`;
            if (field.type === 'color') {
              const shared = selected.key !== COMMON_KEY && commonColours.has(field.id);
              return (
                <ColourInput
                  key={key}
                  label={label}
                  value={field.value}
                  readOnly={readOnly || shared}
                  helper={shared ? translate(`${T}.editor.shared`) : undefined}
                  onApply={(value) => applyColour(selected, field, index, value)}
                />
              );
            }
            if (field.type === 'image')
              return (
                <ImageInput
                  key={key}
                  label={label}
                  value={field.value}
                  inherited={
                    selected.key === COMMON_KEY
                      ? ''
                      : (common.find((one) => one.id === field.id && one.type === 'image')?.value ?? '')
                  }
                  readOnly={readOnly}
                  onApply={(value) => set(`${selected.path}.${index}.value`, value)}
                />
              );
            return (
              <TextInput
                key={key}
                source={`${selected.path}.${index}.value`}
                label={label}
                readOnly={readOnly}
                validate={maxLength(THEME_LIMITS.text)}
                helperText={false}
                multiline={field.id === 'instructions' || field.id === 'subtitle'}
                fullWidth
              />
            );
          })}
        </Stack>
        <Box
          component="section"
          aria-label={translate(`${T}.preview.title`)}
          sx={{ flex: '1 1 0', minWidth: 0 }}
        >
          <Typography variant="subtitle1" component="h2" sx={{ mb: 1 }}>
            {translate(`${T}.preview.title`)}
          </Typography>
          {selected.key === COMMON_KEY ? (
            <AllScreensPreview screens={previewScreens} common={common} />
          ) : (
            <ScreenPreview
              screen={{ id: selected.id, label: selectedLabel, fields: selected.fields }}
              common={common}
            />
          )}
        </Box>
      </Stack>
    </Box>
  );
};
