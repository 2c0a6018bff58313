import { FormControlLabel, List, ListItem, Stack, Switch, Typography } from '@mui/material';
import { useId } from 'react';
import { RecordContextProvider, useInput, useRecordContext, useTranslate } from 'react-admin';
import { StatusField } from '../../components/StatusField';
import { T, type TokenPack } from './tokenPackFields';

/**
 * The usable services of the pack (docs/requirements/portal-states.md): a switch per service of the pack, on for those its users
 * may sign in through. The form's `serviceIds` are the services switched on; a change takes effect when the
 * pack is saved.
 */
export const ServicesInput = () => {
  const record = useRecordContext<TokenPack>();
  const translate = useTranslate();
  const headingId = useId();
  const { field } = useInput<string[]>({ source: 'serviceIds', defaultValue: [] });
  const services = record?.services ?? [];
  const enabled = new Set<string>(Array.isArray(field.value) ? field.value : []);
  const toggle = (id: string, on: boolean) => {
    // In the pack's order, so that the same choice always sends the same list.
    field.onChange(
      services.map((service) => service.id).filter((one) => (one === id ? on : enabled.has(one))),
    );
  };
  return (
    <Stack component="section" aria-labelledby={headingId} sx={{ width: '100%', mt: 2 }}>
      <Typography id={headingId} variant="subtitle1" component="h2">
        {translate(`${T}.services.title`)}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {translate(`${T}.services.effectiveOnSave`)}
      </Typography>
      {services.length === 0 ? (
        <Typography variant="body2" sx={{ mt: 1 }}>
          {translate(`${T}.services.none`)}
        </Typography>
      ) : (
        <List dense disablePadding>
          {services.map((service) => (
            <ListItem key={service.id} disableGutters sx={{ gap: 1, flexWrap: 'wrap' }}>
              <FormControlLabel
                control={
                  <Switch
                    checked={enabled.has(service.id)}
                    onChange={(event) => toggle(service.id, event.target.checked)}
                    onBlur={field.onBlur}
                  />
                }
                label={service.instanceName}
              />
              <RecordContextProvider value={service}>
                <StatusField />
              </RecordContextProvider>
            </ListItem>
          ))}
        </List>
      )}
    </Stack>
  );
};
