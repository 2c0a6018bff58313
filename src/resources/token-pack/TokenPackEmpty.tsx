import CardMembershipIcon from '@mui/icons-material/CardMembership';
import StyleIcon from '@mui/icons-material/Style';
import { Box, Stack, Typography } from '@mui/material';
import { Button, CreateButton, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { T } from './tokenPackFields';

/**
 * No token pack yet: a customer gets one with an approved subscription (spec 02 §3), so the next step is the
 * subscription page; Create is offered too to those who may create one (CreateButton checks
 * token-pack:create).
 */
export const TokenPackEmpty = () => {
  const translate = useTranslate();
  return (
    <Box sx={{ textAlign: 'center', m: 4 }}>
      <StyleIcon sx={{ fontSize: 96, opacity: 0.4 }} aria-hidden />
      <Typography variant="h5" component="p" gutterBottom>
        {translate(`${T}.empty.title`)}
      </Typography>
      <Typography color="text.secondary" gutterBottom>
        {translate(`${T}.empty.body`)}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'center', mt: 2 }}>
        <Button component={Link} to="/subscription" variant="outlined" label={`${T}.empty.subscription`}>
          <CardMembershipIcon />
        </Button>
        <CreateButton variant="contained" />
      </Stack>
    </Box>
  );
};
