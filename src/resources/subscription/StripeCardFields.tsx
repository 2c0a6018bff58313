import {
  FormControl,
  type InputBaseComponentProps,
  InputLabel,
  OutlinedInput,
  Stack,
  useTheme,
} from '@mui/material';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import type {
  Stripe,
  StripeCardElementOptions,
  StripeElementLocale,
  StripeElementsOptions,
  StripeError,
} from '@stripe/stripe-js';
// The pure entry injects Stripe's script only when loadStripe is called (the plain one does at import time).
import { loadStripe } from '@stripe/stripe-js/pure';
import { type FocusEvent, type Ref, use, useEffect, useId, useImperativeHandle, useMemo } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { CARD_ERRORS } from '../../../contract/card';
import { CARD_RULE_ERRORS } from '../../../contract/cardRules';
import { type CardEntryHandle, CardError, CardFormUnavailable, CardNameField, type Made } from './CardEntry';

/**
 * Stripe Elements' card field and the holder's name (the server's processor is Stripe): the card becomes a
 * PaymentMethod in the browser (`stripe.createPaymentMethod`), whose id is the token the portal sends.
 * Loaded in its own chunk, with Stripe.js, only where the server uses Stripe.
 */

/** Stripe.js for each publishable key, loaded once; null when it could not be loaded (offline). */
const stripes = new Map<string, Promise<Stripe | null>>();
const stripeFor = (publishableKey: string): Promise<Stripe | null> => {
  let stripe = stripes.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey).catch(() => null);
    stripes.set(publishableKey, stripe);
  }
  return stripe;
};

/** Stripe's error codes in the catalogue's words (Stripe's own messages are never shown). */
const STRIPE_ERRORS = new Map<string, string>([
  ['incomplete_number', CARD_RULE_ERRORS.invalidNumber],
  ['invalid_number', CARD_RULE_ERRORS.invalidNumber],
  ['incorrect_number', CARD_RULE_ERRORS.invalidNumber],
  ['incomplete_expiry', CARD_RULE_ERRORS.invalidExpiry],
  ['invalid_expiry_month', CARD_RULE_ERRORS.invalidExpiry],
  ['invalid_expiry_month_past', CARD_RULE_ERRORS.invalidExpiry],
  ['invalid_expiry_year', CARD_RULE_ERRORS.invalidExpiry],
  ['invalid_expiry_year_past', CARD_RULE_ERRORS.invalidExpiry],
  ['expired_card', CARD_RULE_ERRORS.expired],
  ['incomplete_cvc', CARD_RULE_ERRORS.invalidCvc],
  ['invalid_cvc', CARD_RULE_ERRORS.invalidCvc],
  ['incorrect_cvc', CARD_RULE_ERRORS.invalidCvc],
]);

/** The message key of a Stripe error: the broken rule, Stripe out of reach, or a card that was not read. */
const messageOf = (error: StripeError | undefined): string => {
  if (error?.type === 'api_connection_error') return CARD_ERRORS.providerUnavailable.key;
  return (error?.code && STRIPE_ERRORS.get(error.code)) || CARD_ERRORS.invalidToken.key;
};

interface StripeCardInputProps extends InputBaseComponentProps {
  ref?: Ref<{ focus: () => void; value: string }>;
  // Given through inputProps.
  labelId?: string;
  options?: StripeCardElementOptions;
}

/**
 * Stripe's card field as the input of an MUI OutlinedInput, so that it looks like the other fields (outline,
 * label, focus): it tells the input when Stripe's field is focused, and focuses it when the outline is clicked.
 */
const StripeCardInput = ({
  ref,
  className,
  id,
  onFocus,
  onBlur,
  labelId,
  options,
  'aria-invalid': invalid,
  'aria-describedby': describedBy,
}: StripeCardInputProps) => {
  const elements = useElements();
  useImperativeHandle(ref, () => ({ focus: () => elements?.getElement(CardElement)?.focus(), value: '' }), [
    elements,
  ]);
  // MUI's handlers read nothing of the event; Stripe's focus and blur are not DOM events.
  const noEvent = {} as FocusEvent<HTMLInputElement>;
  return (
    <fieldset
      aria-labelledby={labelId}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      id={id}
      className={className}
    >
      <CardElement options={options} onFocus={() => onFocus?.(noEvent)} onBlur={() => onBlur?.(noEvent)} />
    </fieldset>
  );
};

const StripeFields = ({ card }: { card: CardEntryHandle }) => {
  const translate = useTranslate();
  const theme = useTheme();
  const stripe = useStripe();
  const elements = useElements();
  const labelId = useId();
  const { attach } = card;

  useEffect(() => {
    if (!stripe || !elements) return undefined;
    return attach({
      tokenize: async (name): Promise<Made> => {
        const element = elements.getElement(CardElement);
        if (!element) return { error: CARD_ERRORS.invalidToken.key };
        try {
          const { paymentMethod, error } = await stripe.createPaymentMethod({
            type: 'card',
            card: element,
            billing_details: { name },
          });
          return paymentMethod ? { token: paymentMethod.id } : { error: messageOf(error) };
        } catch {
          return { error: CARD_ERRORS.providerUnavailable.key };
        }
      },
      clear: () => elements.getElement(CardElement)?.clear(),
    });
  }, [stripe, elements, attach]);

  // Stripe's field is drawn in its own frame: it gets the theme's font and colours here.
  const options = useMemo<StripeCardElementOptions>(
    () => ({
      hidePostalCode: true,
      style: {
        base: {
          color: theme.palette.text.primary,
          fontFamily: theme.typography.fontFamily,
          fontSize: '16px',
          '::placeholder': { color: theme.palette.text.secondary },
        },
        invalid: { color: theme.palette.error.main, iconColor: theme.palette.error.main },
      },
    }),
    [theme],
  );
  const label = translate('resources.subscription.card.card');

  return (
    <Stack spacing={2}>
      <FormControl required fullWidth error={card.refused}>
        <InputLabel shrink id={labelId}>
          {label}
        </InputLabel>
        <OutlinedInput
          notched
          label={`${label} *`}
          inputComponent={StripeCardInput}
          inputProps={{ labelId, options, 'aria-describedby': card.refused ? card.errorId : undefined }}
        />
      </FormControl>
      <CardNameField card={card} />
      <CardError card={card} />
    </Stack>
  );
};

/** Stripe Elements for the server's publishable key; a message when Stripe.js could not be loaded. */
export const StripeCardFields = ({
  card,
  publishableKey,
}: {
  card: CardEntryHandle;
  publishableKey: string;
}) => {
  const stripe = use(stripeFor(publishableKey));
  const [locale] = useLocaleState();
  const options = useMemo<StripeElementsOptions>(() => ({ locale: locale as StripeElementLocale }), [locale]);
  if (!stripe) return <CardFormUnavailable />;
  return (
    <Elements stripe={stripe} options={options}>
      <StripeFields card={card} />
    </Elements>
  );
};
