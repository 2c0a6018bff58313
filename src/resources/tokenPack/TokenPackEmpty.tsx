import CardMembershipIcon from '@mui/icons-material/CardMembership';
import { Stack } from '@mui/material';
import { Button, CreateButton } from 'react-admin';
import { Link } from 'react-router-dom';
import { ListEmpty } from '../../kit/ListEmpty';
import { T } from './tokenPackFields';

/**
 * No token pack yet: a customer gets one with an approved subscription (docs/requirements/billing-services-entities.md), so the next step is the
 * subscription page; Create is offered too to those who may create one (CreateButton checks
 * token-pack:create).
 */
export const TokenPackEmpty = () => (
  <ListEmpty>
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'center', mt: 2 }}>
      <Button component={Link} to="/subscription" variant="outlined" label={`${T}.empty.subscription`}>
        <CardMembershipIcon />
      </Button>
      <CreateButton variant="contained" />
    </Stack>
  </ListEmpty>
);
