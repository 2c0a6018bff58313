import type { SvgIconComponent } from '@mui/icons-material';
import { Box, Typography } from '@mui/material';
import { CreateButton, useResourceContext, useTranslate } from 'react-admin';

/**
 * A list with no record yet (and no filter): says so, from the resource's `empty.title` and `empty.body`,
 * and offers to create one.
 */
export const ListEmpty = ({ icon: Icon }: { icon: SvgIconComponent }) => {
  const translate = useTranslate();
  const resource = useResourceContext();
  return (
    <Box sx={{ textAlign: 'center', m: 4 }}>
      <Icon sx={{ fontSize: 96, opacity: 0.4 }} />
      <Typography variant="h5" component="p" gutterBottom>
        {translate(`resources.${resource}.empty.title`)}
      </Typography>
      <Typography color="text.secondary" gutterBottom>
        {translate(`resources.${resource}.empty.body`)}
      </Typography>
      <CreateButton variant="contained" />
    </Box>
  );
};
