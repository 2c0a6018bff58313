import AddCardIcon from '@mui/icons-material/AddCard';
import StarIcon from '@mui/icons-material/Star';
import { Box, Chip, List, ListItem, ListItemText, Paper, Stack, Typography } from '@mui/material';
import { type FormEvent, useState } from 'react';
import {
  Button,
  RecordContextProvider,
  useDataProvider,
  useGetList,
  useNotify,
  useTranslate,
} from 'react-admin';
import type { Card } from '../../../contract/card';
import { shownCardName } from '../../../contract/cardRules';
import { ActionButton } from '../../kit/ActionButton';
import { DeleteButton } from '../../kit/DeleteButton';
import { errorNotification } from '../../kit/notifyError';
import { CardEntryFields, useCardEntry } from './CardEntry';

/** The card's last four digits, in its confirmations. */
const lastFour = ({ record }: { record?: Card }) => ({ last4: record?.last4 });

/**
 * The customer's saved cards (docs/requirements/billing-services-screens.md Cards): brand, the name in capitals (at most 12 characters wide),
 * the last four digits and the primary one; set primary and delete each after a confirmation; a new card is
 * entered here, and the entry is open when there are none. Cards that cannot be loaded show as none
 * (docs/requirements/error-messages.md).
 */
export const CardsPanel = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider();
  const { data: cards = [], refetch } = useGetList<Card>(
    'card',
    { pagination: { page: 1, perPage: 100 }, sort: { field: 'id', order: 'ASC' } },
    { retry: false, onError: () => undefined },
  );
  const [adding, setAdding] = useState(false);
  const [busy, setBusy] = useState(false);
  const entry = useCardEntry();
  const open = adding || cards.length === 0;

  const add = async (event: FormEvent) => {
    event.preventDefault();
    const token = await entry.tokenize();
    if (!token) return;
    setBusy(true);
    try {
      await dataProvider.create('card', { data: { stripeTokenId: token } });
      notify('resources.subscription.cards.added', { type: 'info' });
      await refetch();
      entry.reset();
      setAdding(false);
    } catch (error) {
      notify(...errorNotification(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper component="section" aria-labelledby="cards-title" sx={{ p: 2, mt: 2 }}>
      <Typography id="cards-title" variant="h6" component="h2" gutterBottom>
        {translate('resources.subscription.cards.title')}
      </Typography>
      {cards.length > 0 && (
        <List dense>
          {cards.map((card) => (
            <ListItem
              key={card.id}
              disableGutters
              secondaryAction={
                <RecordContextProvider value={card}>
                  <Stack direction="row" spacing={1}>
                    <ActionButton<Card>
                      label="resources.subscription.cards.makePrimary"
                      icon={<StarIcon />}
                      resource="card"
                      action="setDefault"
                      params={() => ({ id: card.id })}
                      confirm={{ content: 'resources.subscription.cards.confirmPrimary', options: lastFour }}
                      success="resources.subscription.cards.madePrimary"
                      showFor={(record) => !record.isPrimary}
                    />
                    <DeleteButton<Card>
                      resource="card"
                      confirm={{ content: 'resources.subscription.cards.confirmDelete', options: lastFour }}
                      success="resources.subscription.cards.deleted"
                    />
                  </Stack>
                </RecordContextProvider>
              }
            >
              <ListItemText
                primary={
                  <Box
                    component="span"
                    sx={{ display: 'inline-flex', gap: 1, alignItems: 'center', maxWidth: '100%' }}
                  >
                    {/*
                      The name is already cut to 12 characters (shownCardName); capitals are wider than
                      the 12ch a width in ch would give, so the name takes the room it needs and an
                      ellipsis appears only where the row is narrower than the name.
                    */}
                    <Box
                      component="span"
                      sx={{
                        minWidth: 0,
                        overflow: 'hidden',
                        textOverflow: 'ellipsis',
                        whiteSpace: 'nowrap',
                      }}
                    >
                      {shownCardName(card.name)}
                    </Box>
                    {card.isPrimary && (
                      <Chip
                        size="small"
                        color="primary"
                        label={translate('resources.subscription.cards.primary')}
                      />
                    )}
                  </Box>
                }
                secondary={translate('resources.subscription.cards.ending', {
                  brand: card.brand,
                  last4: card.last4,
                })}
              />
            </ListItem>
          ))}
        </List>
      )}
      {open ? (
        <Stack component="form" spacing={2} onSubmit={add} noValidate sx={{ maxWidth: 480 }}>
          <CardEntryFields card={entry} />
          <Stack direction="row" spacing={2}>
            <Button
              type="submit"
              variant="contained"
              label="resources.subscription.cards.save"
              disabled={busy}
            />
            {cards.length > 0 && <Button label="ra.action.cancel" onClick={() => setAdding(false)} />}
          </Stack>
        </Stack>
      ) : (
        <Button label="resources.subscription.cards.add" onClick={() => setAdding(true)}>
          <AddCardIcon />
        </Button>
      )}
    </Paper>
  );
};
