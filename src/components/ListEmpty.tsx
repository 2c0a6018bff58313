import { Box, Typography } from '@mui/material';
import { CreateButton, useResourceContext, useResourceDefinition, useTranslate } from 'react-admin';

/**
 * A list with no record yet (and no filter): its resource's icon, what the list is for
 * (`resources.<resource>.empty.title` and `.body`) and, where the resource has a create page, its Create
 * button (shown to those who may create).
 */
export const ListEmpty = () => {
  const translate = useTranslate();
  const resource = useResourceContext();
  const { icon: Icon, hasCreate } = useResourceDefinition();
  return (
    <Box sx={{ textAlign: 'center', m: 4 }}>
      {Icon ? <Icon sx={{ fontSize: 96, opacity: 0.4 }} aria-hidden /> : null}
      <Typography variant="h5" component="p" gutterBottom>
        {translate(`resources.${resource}.empty.title`)}
      </Typography>
      <Typography color="text.secondary" gutterBottom>
        {translate(`resources.${resource}.empty.body`)}
      </Typography>
      {hasCreate ? <CreateButton variant="contained" /> : null}
    </Box>
  );
};

/** A filtered list with no row: `resources.<resource>.noMatch`. */
export const NoMatch = () => {
  const translate = useTranslate();
  const resource = useResourceContext();
  return (
    <Typography sx={{ p: 2 }} color="text.secondary">
      {translate(`resources.${resource}.noMatch`)}
    </Typography>
  );
};
