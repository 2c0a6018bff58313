import { FormControlLabel, Radio, RadioGroup, Stack, TextField, Typography } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { Button, useDataProvider, useGetList, useNotify, useTranslate } from 'react-admin';
import type { Card } from '../../../contract/card';
import { shownCardName, tokenizeTestCard } from '../../../contract/cardRules';
import { errorNotification } from '../../components/notifyError';

const NEW = 'new';

/**
 * Paying an order by card (spec 02 §2 Cards, §4 Purchase flow): a saved card, or a new one entered here and
 * tokenised in the browser (the number never leaves it: the test processor's token holds the brand, the last
 * four digits, the expiry and the name). New-card entry is on when there are no cards; loading the cards
 * failing leaves the list empty (spec 02 §8).
 */
export const CardPayment = ({ orderId, onPaid }: { orderId: string; onPaid: () => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider();
  const { data: cards = [] } = useGetList<Card>(
    'card',
    { pagination: { page: 1, perPage: 100 }, sort: { field: 'id', order: 'ASC' } },
    { retry: false, onError: () => undefined },
  );
  const primary = cards.find((card) => card.isPrimary) ?? cards[0];
  const [choice, setChoice] = useState<string | null>(null);
  const chosen = choice ?? primary?.id ?? NEW;
  const [entry, setEntry] = useState({ number: '', expiry: '', cvc: '', name: '' });
  const [error, setError] = useState<string | null>(null);
  const [paying, setPaying] = useState(false);

  const pay = async (event: FormEvent) => {
    event.preventDefault();
    let source: { stripeTokenId: string } | { sourceId: string };
    if (chosen === NEW) {
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
      if (result.error) {
        setError(result.error);
        return;
      }
      source = { stripeTokenId: result.token };
    } else {
      source = { sourceId: chosen };
    }
    setError(null);
    setPaying(true);
    try {
      await dataProvider.pay('card', { data: { orderId, ...source } });
      onPaid();
    } catch (failure) {
      notify(...errorNotification(failure));
    } finally {
      setPaying(false);
    }
  };

  const field = (name: keyof typeof entry, autoComplete: string, extra: object = {}) => (
    <TextField
      label={translate(`resources.subscription.card.${name}`)}
      value={entry[name]}
      onChange={(event) => setEntry({ ...entry, [name]: event.target.value })}
      autoComplete={autoComplete}
      required
      {...extra}
    />
  );

  return (
    <Stack component="form" spacing={2} onSubmit={pay} noValidate>
      {cards.length > 0 && (
        <RadioGroup
          value={chosen}
          onChange={(event) => setChoice(event.target.value)}
          aria-label={translate('resources.subscription.card.choose')}
        >
          {cards.map((card) => (
            <FormControlLabel
              key={card.id}
              value={card.id}
              control={<Radio />}
              label={translate('resources.subscription.card.saved', {
                brand: card.brand,
                last4: card.last4,
                name: shownCardName(card.name),
              })}
            />
          ))}
          <FormControlLabel
            value={NEW}
            control={<Radio />}
            label={translate('resources.subscription.card.new')}
          />
        </RadioGroup>
      )}
      {chosen === NEW && (
        <Stack spacing={2}>
          {field('number', 'cc-number', { inputProps: { inputMode: 'numeric' } })}
          <Stack direction="row" spacing={2}>
            {field('expiry', 'cc-exp', { placeholder: 'MM/YY', sx: { flex: 1 } })}
            {field('cvc', 'cc-csc', { inputProps: { inputMode: 'numeric' }, sx: { flex: 1 } })}
          </Stack>
          {field('name', 'cc-name')}
          <Typography variant="body2" color="text.secondary">
            {translate('resources.subscription.card.testHint')}
          </Typography>
        </Stack>
      )}
      {error && (
        <Typography role="alert" color="error">
          {translate(error)}
        </Typography>
      )}
      <div>
        <Button
          type="submit"
          variant="contained"
          label="resources.subscription.actions.pay"
          disabled={paying}
        />
      </div>
    </Stack>
  );
};
