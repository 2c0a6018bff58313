import { Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { tokenizeTestCard } from '../../../contract/cardRules';

const EMPTY = { number: '', expiry: '', cvc: '', name: '' };

/**
 * A card typed in the browser and tokenised there (the test processor's token holds the brand, the last four
 * digits, the expiry and the name; the number and the code never leave the page). `tokenize` answers the
 * token, or shows the broken rule's message and answers undefined.
 */
export const useCardEntry = () => {
  const [entry, setEntry] = useState(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const tokenize = (): string | undefined => {
    const [month = '', year = ''] = entry.expiry.split('/').map((part) => part.trim());
    const result = tokenizeTestCard(
      {
        number: entry.number,
        expMonth: Number(month),
        expYear: Number(year),
        cvc: entry.cvc.trim(),
        name: entry.name,
      },
      new Date(),
    );
    setError(result.error ?? null);
    return result.token;
  };
  return { entry, setEntry, error, tokenize, reset: () => setEntry(EMPTY) };
};

export const CardEntryFields = ({ card }: { card: ReturnType<typeof useCardEntry> }) => {
  const translate = useTranslate();
  const field = (name: keyof typeof EMPTY, autoComplete: string, extra: object = {}) => (
    <TextField
      label={translate(`resources.subscription.card.${name}`)}
      value={card.entry[name]}
      onChange={(event) => card.setEntry({ ...card.entry, [name]: event.target.value })}
      autoComplete={autoComplete}
      required
      {...extra}
    />
  );
  return (
    <Stack spacing={2}>
      {field('number', 'cc-number', { slotProps: { htmlInput: { inputMode: 'numeric' } } })}
      <Stack direction="row" spacing={2}>
        {field('expiry', 'cc-exp', { placeholder: 'MM/YY', sx: { flex: 1 } })}
        {field('cvc', 'cc-csc', { slotProps: { htmlInput: { inputMode: 'numeric' } }, sx: { flex: 1 } })}
      </Stack>
      {field('name', 'cc-name')}
      <Typography variant="body2" color="text.secondary">
        {translate('resources.subscription.card.testHint')}
      </Typography>
      {card.error && (
        <Typography role="alert" color="error">
          {translate(card.error)}
        </Typography>
      )}
    </Stack>
  );
};
