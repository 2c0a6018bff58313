import { Box, Button, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { usePageTitle } from '../../components/usePageTitle';
import { DOCS_HOME } from '../../layout/public/docLinks';
import { BackToSignIn } from './DocArticle';

/** A /docs/... path with no page: says so, inside the docs frame, and leads to the overview. */
export const DocNotFound = ({ path }: { path: string }) => {
  const translate = useTranslate();
  usePageTitle('docs.notFound.title');
  return (
    <Box component="article" aria-labelledby="doc-title">
      <Typography id="doc-title" variant="h4" component="h1" gutterBottom>
        {translate('docs.notFound.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {translate('docs.notFound.body', { path })}
      </Typography>
      <Button component={RouterLink} to={DOCS_HOME.path} variant="contained">
        {translate('docs.notFound.toOverview')}
      </Button>
      <Box>
        <BackToSignIn />
      </Box>
    </Box>
  );
};
