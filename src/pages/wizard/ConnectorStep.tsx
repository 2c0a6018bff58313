import AddIcon from '@mui/icons-material/Add';
import { Box, Button, CircularProgress, Paper, Stack, Typography } from '@mui/material';
import { type ReactNode, useState } from 'react';
import { Form, useNotify, useTranslate } from 'react-admin';
import type { ConnectorKind } from '../../../contract/connector';
import { errorNotification } from '../../kit/notifyError';
import { assignedId, ConnectorPicker, useConnectorOptions } from './ConnectorPicker';
import type { StepProps } from './steps/types';
import { WizardNav } from './steps/WizardNav';
import { useAssignConnector } from './useAssignConnector';

/** A connector made by a step's add form: its id and name (and whatever else the step keeps of it). */
export interface MadeConnector {
  id: string;
  name: string;
}

/** The values of a step's add form (its react-admin inputs'). */
export type AddValues = Record<string, string | undefined>;

/**
 * What a step's add form does with its values, once its inputs' validators let them through; the rest
 * (listing, choosing, giving it, emptying the form) is shared.
 */
export interface AddConnectorForm<M extends MadeConnector> {
  /** Makes the connector (the calls of its kind). */
  make: (values: AddValues) => Promise<M>;
  /** Once it is made and listed: the step's own bookkeeping. */
  done?: (made: M) => void;
}

/**
 * The state of a step that gives the service a connector of one kind: the customer's connectors, the one
 * chosen (the service's at first), the add form's open state, and the 'Warning connector setting!' dialog.
 * `prefix` is the step's catalogue prefix (e.g. 'portal.wizard.radius').
 */
export const useConnectorStep = (
  { service, pack, onNext, onChanged }: Pick<StepProps, 'service' | 'pack' | 'onNext' | 'onChanged'>,
  kind: ConnectorKind,
  prefix: string,
) => {
  const notify = useNotify();
  const { options, isPending, added } = useConnectorOptions(kind);
  const assigned = assignedId(service, kind);
  const [chosen, setChosen] = useState(assigned);
  const { assign, saving, dialog } = useAssignConnector(service);
  const [adding, setAdding] = useState(false);
  const [creating, setCreating] = useState(false);
  /** Renewed by each connector made: the add form starts again empty. */
  const [formKey, setFormKey] = useState(0);

  const give = async (id: string, name: string) => {
    const saved = await assign({ id, kind, name });
    if (saved) onChanged(saved, pack);
    return saved;
  };

  /** Next: the chosen connector is given to the service (unless it has it already), then the next step. */
  const next = async () => {
    if (chosen === assigned) {
      onNext();
      return;
    }
    const option = options.find((candidate) => candidate.id === chosen);
    if (option && (await give(option.id, option.name))) onNext();
  };

  /** The add form's submit: the connector is made, listed, chosen and given to the service at once. */
  const addWith =
    <M extends MadeConnector>(form: AddConnectorForm<M>) =>
    async (values: AddValues) => {
      setCreating(true);
      try {
        const made = await form.make(values);
        notify(`${prefix}.created`, { type: 'info' });
        added({ id: made.id, name: made.name });
        form.done?.(made);
        setFormKey((key) => key + 1);
        setChosen(made.id);
        setAdding(false);
        await give(made.id, made.name);
      } catch (error) {
        notify(...errorNotification(error));
      } finally {
        setCreating(false);
      }
    };

  return {
    prefix,
    options,
    isPending,
    chosen,
    setChosen,
    saving,
    creating,
    adding,
    setAdding,
    formKey,
    dialog,
    next,
    addWith,
  };
};

export type ConnectorStepState = ReturnType<typeof useConnectorStep>;

export interface ConnectorStepProps extends Pick<StepProps, 'first' | 'onBack'> {
  step: ConnectorStepState;
  /** The step's heading (a catalogue key). */
  title: string;
  /** The add form's submit (from `step.addWith`). */
  onAdd: (values: AddValues) => Promise<void>;
  /** A line under the add form's title (a catalogue key). */
  addHelp?: string;
  /** Next, when the step checks more than the connector (by default `step.next`). */
  onNext?: () => Promise<void>;
  /** The add form's fields: react-admin inputs, with their validators. */
  children: ReactNode;
  /** Drawn below the connector and its add form. */
  below?: ReactNode;
  /** Dialogs of the step's own, beside the shared one. */
  dialogs?: ReactNode;
}

/**
 * The layout of a step that gives the service a connector of one kind: the heading and intro, the
 * customer's connectors (or none), the outlined form that adds one (open when there are none), and Back and
 * Next. The texts are the step's, under `step.prefix`.
 */
export const ConnectorStep = ({
  step,
  title,
  onAdd,
  addHelp,
  first,
  onBack,
  onNext = step.next,
  children,
  below,
  dialogs,
}: ConnectorStepProps) => {
  const translate = useTranslate();
  const { prefix, options, isPending, chosen, setChosen, saving, creating, adding, setAdding } = step;
  const showForm = adding || (!isPending && options.length === 0);
  return (
    <>
      <Typography variant="h6" component="h2" gutterBottom>
        {translate(title)}
      </Typography>
      <Typography sx={{ mb: 2 }}>{translate(`${prefix}.intro`)}</Typography>
      {isPending ? (
        <CircularProgress size={24} aria-label={translate('portal.wizard.loading')} />
      ) : (
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          {options.length > 0 ? (
            <ConnectorPicker
              label={`${prefix}.label`}
              options={options}
              value={chosen}
              onChange={setChosen}
              disabled={saving || creating}
              helperText={chosen ? undefined : `${prefix}.required`}
            />
          ) : (
            <Typography color="text.secondary">{translate(`${prefix}.none`)}</Typography>
          )}
          {showForm ? (
            <Paper variant="outlined" sx={{ p: 2, width: '100%', maxWidth: 480 }}>
              <Form key={step.formKey} noValidate onSubmit={(values: AddValues) => onAdd(values)}>
                <Typography variant="subtitle1" component="h3" gutterBottom>
                  {translate(`${prefix}.addTitle`)}
                </Typography>
                {addHelp && (
                  <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
                    {translate(addHelp)}
                  </Typography>
                )}
                <Stack spacing={2}>
                  {children}
                  <Box>
                    <Button
                      type="submit"
                      variant="outlined"
                      disabled={creating || saving}
                      startIcon={<AddIcon />}
                    >
                      {translate(`${prefix}.create`)}
                    </Button>
                  </Box>
                </Stack>
              </Form>
            </Paper>
          ) : (
            <Button onClick={() => setAdding(true)} startIcon={<AddIcon />}>
              {translate(`${prefix}.addTitle`)}
            </Button>
          )}
          {below}
        </Stack>
      )}
      {step.dialog}
      {dialogs}
      <WizardNav
        first={first}
        onBack={onBack}
        onNext={() => void onNext()}
        nextDisabled={!chosen || creating}
        busy={saving}
      />
    </>
  );
};
