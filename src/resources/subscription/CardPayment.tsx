import { FormControlLabel, Radio, RadioGroup, Stack, Typography } from '@mui/material';
import { type FormEvent, useId, useState } from 'react';
import { Button, useDataProvider, useGetList, useNotify, useTranslate } from 'react-admin';
import type { Card } from '../../../contract/card';
import { shownCardName } from '../../../contract/cardRules';
import { errorNotification, fieldErrorsOf } from '../../kit/notifyError';
import { CardEntryFields, useCardEntry } from './CardEntry';

const NEW = 'new';

/**
 * Paying an order by card (docs/requirements/billing-services-screens.md Cards, docs/requirements/billing-services-states.md Purchase flow): a saved card, or a new one entered here and
 * tokenised in the browser. New-card entry is on when there are no cards; loading the cards failing leaves
 * the list empty (docs/requirements/error-messages.md).
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
  const card = useCardEntry();
  const [paying, setPaying] = useState(false);
  /** A saved card the server declined: the message key of the decline, said under the cards. */
  const [savedRefusal, setSavedRefusal] = useState<string | null>(null);
  const refusalId = useId();

  const pay = async (event: FormEvent) => {
    event.preventDefault();
    let source: { stripeTokenId: string } | { sourceId: string };
    if (chosen === NEW) {
      const token = await card.tokenize();
      if (!token) return;
      source = { stripeTokenId: token };
    } else {
      source = { sourceId: chosen };
    }
    setSavedRefusal(null);
    setPaying(true);
    try {
      await dataProvider.pay('card', { data: { orderId, ...source } });
      onPaid();
    } catch (failure) {
      // A declined card is said under the card, in words; anything else in a notification.
      if (fieldErrorsOf(failure)?.card) {
        const key = (failure as Error).message;
        if (chosen === NEW) card.refuse(key);
        else setSavedRefusal(key);
      } else notify(...errorNotification(failure));
    } finally {
      setPaying(false);
    }
  };

  return (
    <Stack component="form" spacing={2} onSubmit={pay} noValidate>
      {cards.length > 0 && (
        <RadioGroup
          value={chosen}
          onChange={(event) => {
            setChoice(event.target.value);
            setSavedRefusal(null);
          }}
          aria-label={translate('resources.subscription.card.choose')}
          aria-invalid={savedRefusal && chosen !== NEW ? true : undefined}
          aria-describedby={savedRefusal && chosen !== NEW ? refusalId : undefined}
        >
          {cards.map((saved) => (
            <FormControlLabel
              key={saved.id}
              value={saved.id}
              control={<Radio />}
              label={translate('resources.subscription.card.saved', {
                brand: saved.brand,
                last4: saved.last4,
                name: shownCardName(saved.name),
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
      {savedRefusal && chosen !== NEW && (
        <Typography id={refusalId} role="alert" color="error">
          {translate(savedRefusal)}
        </Typography>
      )}
      {chosen === NEW && <CardEntryFields card={card} />}
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
