import { Box, Button, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { usePageTitle } from '../components/usePageTitle';

export const NotFound = () => {
  const translate = useTranslate();
  usePageTitle('portal.notFound.title');
  return (
    <Box sx={{ textAlign: 'center', mt: 6 }}>
      <Title title="portal.notFound.title" />
      <Typography variant="h4" component="h1" gutterBottom>
        {translate('portal.notFound.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {translate('portal.notFound.body')}
      </Typography>
      <Button component={Link} to="/report" variant="contained">
        {translate('portal.notFound.back')}
      </Button>
    </Box>
  );
};
