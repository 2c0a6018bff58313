import { Box, CircularProgress, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Suspense, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';
import type { PaymentProvider } from '../../../contract/card';
import { CARD_RULE_ERRORS, isCardName, tokenizeTestCard } from '../../../contract/cardRules';
import type { PortalDataProvider } from '../../dataProviders';
import { preloadable } from '../../kit/preloadable';
import { TextBox } from '../../kit/TextBox';

const EMPTY = { number: '', expiry: '', cvc: '', name: '' };

/** The text shown when the card form cannot be drawn (the processor unknown, Stripe.js not loaded). */
export const CARD_FORM_UNAVAILABLE = 'resources.subscription.card.unavailable';

/** What a card payment provider's own fields make of the card they hold: a token, or a message key. */
export type Made = { token: string; error?: undefined } | { error: string; token?: undefined };

/** The card payment provider's own fields (Stripe Elements), as the card entry drives them. */
export interface CardMaker {
  /** The token of the card the fields hold, with the holder's name (already checked). */
  tokenize: (name: string) => Promise<Made>;
  /** Empties the fields. */
  clear: () => void;
}

/** Who makes the token: the portal's own test form, or a provider's fields; none while neither is drawn. */
type Maker = 'test' | CardMaker;

/** The card form cannot be drawn: said once, in the catalogue's words. */
export const CardFormUnavailable = () => {
  const translate = useTranslate();
  return (
    <Typography role="alert" color="error">
      {translate(CARD_FORM_UNAVAILABLE)}
    </Typography>
  );
};

const FormLoading = () => {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 2 }}>
      <CircularProgress size={28} aria-label={translate('resources.subscription.card.loading')} />
    </Box>
  );
};

/** Stripe's card field, in its own chunk: Stripe's code is loaded only where the server uses Stripe. */
const StripeCardFields = preloadable(() =>
  import('./StripeCardFields').then(
    (module) => module.StripeCardFields,
    // The chunk could not be fetched (offline): say so rather than break the page.
    () => CardFormUnavailable,
  ),
);

/**
 * Which card payment processor the server uses (`GET /billing/payment-provider`), asked once a page load:
 * the card form follows it.
 */
export const useCardProvider = () => {
  const dataProvider = useDataProvider<PortalDataProvider>();
  return useQuery({
    queryKey: ['card', 'provider'],
    queryFn: async () => {
      const { data } = await dataProvider.provider<PaymentProvider>('card', {});
      // Stripe's fields are needed: start loading their code now rather than when they are first drawn.
      if (data.processor === 'stripe') void StripeCardFields.preload();
      return data;
    },
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
};

/**
 * A new card, entered in the browser and tokenised there: with the test processor, by the portal's own form
 * (the test token holds the brand, the last four digits, the expiry and the name; the number and the code
 * never leave the page); with Stripe, by Stripe's card field, which attaches itself here. `tokenize` answers
 * the token, or shows the broken rule's message and answers undefined.
 */
export const useCardEntry = () => {
  const [entry, setEntryState] = useState(EMPTY);
  const [error, setErrorState] = useState<string | null>(null);
  /** The server refused the card (declined): its fields are marked invalid until it is changed. */
  const [refused, setRefused] = useState(false);
  const errorId = useId();
  const setError = useCallback((next: string | null) => {
    setErrorState(next);
    setRefused(false);
  }, []);
  const setEntry = (next: typeof EMPTY) => {
    setEntryState(next);
    setRefused(false);
  };
  /** The server's refusal of the card (a decline, its message key), said under the card's fields. */
  const refuse = (messageKey: string) => {
    setErrorState(messageKey);
    setRefused(true);
  };
  const maker = useRef<Maker | null>(null);

  /** The fields drawn make the tokens from now on; the returned function detaches them. */
  const attach = useCallback(
    (next: Maker) => {
      maker.current = next;
      setError(null);
      return () => {
        if (maker.current === next) maker.current = null;
      };
    },
    [setError],
  );

  const tokenize = async (): Promise<string | undefined> => {
    const current = maker.current;
    if (current === 'test') {
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
    }
    if (!current) {
      setError(CARD_FORM_UNAVAILABLE);
      return undefined;
    }
    const name = entry.name.trim();
    if (!isCardName(name)) {
      setError(CARD_RULE_ERRORS.invalidName);
      return undefined;
    }
    setError(null);
    const made = await current.tokenize(name);
    setError(made.error ?? null);
    return made.token;
  };

  const reset = () => {
    setEntryState(EMPTY);
    setError(null);
    if (maker.current && maker.current !== 'test') maker.current.clear();
  };

  return { entry, setEntry, error, refused, errorId, refuse, tokenize, reset, attach };
};

export type CardEntryHandle = ReturnType<typeof useCardEntry>;

/** The holder's name, asked by both forms. */
export const CardNameField = ({ card }: { card: CardEntryHandle }) => {
  const translate = useTranslate();
  return (
    <TextBox
      label={translate('resources.subscription.card.name')}
      value={card.entry.name}
      onChange={(event) => card.setEntry({ ...card.entry, name: event.target.value })}
      autoComplete="cc-name"
      required
    />
  );
};

/** The message of the last attempt, if it failed. */
export const CardError = ({ card }: { card: CardEntryHandle }) => {
  const translate = useTranslate();
  return card.error ? (
    <Typography id={card.errorId} role="alert" color="error">
      {translate(card.error)}
    </Typography>
  ) : null;
};

const TestCardFields = ({ card }: { card: CardEntryHandle }) => {
  const translate = useTranslate();
  const { attach } = card;
  useEffect(() => attach('test'), [attach]);
  // A declined card is said under the fields, the number marked invalid and described by it.
  const refusedProps = card.refused ? { 'aria-describedby': card.errorId } : {};
  const field = (name: 'number' | 'expiry' | 'cvc', autoComplete: string, extra: object = {}) => (
    <TextBox
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
      {field('number', 'cc-number', {
        error: card.refused,
        slotProps: { htmlInput: { inputMode: 'numeric', ...refusedProps } },
      })}
      <Stack direction="row" spacing={2}>
        {field('expiry', 'cc-exp', { placeholder: 'MM/YY', sx: { flex: 1 } })}
        {field('cvc', 'cc-csc', { slotProps: { htmlInput: { inputMode: 'numeric' } }, sx: { flex: 1 } })}
      </Stack>
      <CardNameField card={card} />
      <Typography variant="body2" color="text.secondary">
        {translate('resources.subscription.card.testHint')}
      </Typography>
      <CardError card={card} />
    </Stack>
  );
};

/**
 * The new card's fields, as the server's processor wants them: the portal's own form for the test processor,
 * Stripe's card field and the holder's name for Stripe. While the processor is not known yet, a spinner; when
 * it cannot be asked, a message (never the test form: a Stripe server refuses test tokens).
 */
export const CardEntryFields = ({ card }: { card: CardEntryHandle }) => {
  const { data: provider, isError } = useCardProvider();
  if (isError) return <CardFormUnavailable />;
  if (!provider) return <FormLoading />;
  if (provider.processor === 'test') return <TestCardFields card={card} />;
  if (!provider.publishableKey) return <CardFormUnavailable />;
  return (
    <Suspense fallback={<FormLoading />}>
      <StripeCardFields card={card} publishableKey={provider.publishableKey} />
    </Suspense>
  );
};
