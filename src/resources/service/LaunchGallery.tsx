import { Alert, Box, Card, CardActionArea, CardContent, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { Loading, Title, useRequireAccess, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { usePageTitle } from '../../components/usePageTitle';
import { SearchBox } from '../../kit/TextBox';
import { galleryGroups, T, type Template } from './model';
import { TemplateIcon } from './TemplateIcon';
import { useGallery } from './useGallery';

/** Text cut after `lines` lines, with an ellipsis. */
const clamp = (lines: number) =>
  ({
    display: '-webkit-box',
    WebkitLineClamp: lines,
    WebkitBoxOrient: 'vertical',
    overflow: 'hidden',
    overflowWrap: 'anywhere',
  }) as const;

const TemplateCard = ({ template }: { template: Template }) => (
  <Card variant="outlined" component="li" sx={{ listStyle: 'none', display: 'flex' }}>
    <CardActionArea
      component={Link}
      to={`/service-launch/create/${template.id}`}
      sx={{ display: 'flex', alignItems: 'flex-start', justifyContent: 'flex-start', height: '100%' }}
    >
      <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', minWidth: 0 }}>
        <TemplateIcon template={template} />
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="subtitle1" component="h3" sx={{ ...clamp(2), fontWeight: 600 }}>
            {template.templateName}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={clamp(3)}>
            {template.shortDescription}
          </Typography>
        </Box>
      </CardContent>
    </CardActionArea>
  </Card>
);

/**
 * /service-launch/create without a template (docs/requirements/billing-services-screens.md Service launch): the published templates grouped by
 * protocol, each card with its icon, name (two lines) and short description (three lines), and a search by
 * template name (any case). A card opens the launch form of its template.
 */
export const LaunchGallery = () => {
  const translate = useTranslate();
  usePageTitle(`${T}.gallery.title`);
  const { isPending: checking } = useRequireAccess({ resource: 'service-launch', action: 'create' });
  const gallery = useGallery();
  const [q, setQ] = useState('');
  if (checking) return <Loading />;
  const groups = galleryGroups(gallery.data ?? [], q);
  return (
    <Box sx={{ mt: 2 }}>
      <Title title={`${T}.gallery.title`} />
      <Stack spacing={2}>
        <Typography variant="h5" component="h1">
          {translate(`${T}.gallery.title`)}
        </Typography>
        <Typography color="text.secondary">{translate(`${T}.gallery.intro`)}</Typography>
        <SearchBox label={`${T}.gallery.search`} value={q} onChange={setQ} sx={{ maxWidth: 480 }} />
        {gallery.isPending ? (
          <Loading />
        ) : gallery.isError ? (
          <Alert severity="warning">{translate(`${T}.gallery.failed`)}</Alert>
        ) : gallery.data.length === 0 ? (
          <Typography color="text.secondary">{translate(`${T}.gallery.none`)}</Typography>
        ) : groups.length === 0 ? (
          <Typography color="text.secondary" role="status">
            {translate(`${T}.gallery.noMatch`, { q: q.trim() })}
          </Typography>
        ) : (
          groups.map((group) => (
            <Box component="section" key={group.protocol} aria-labelledby={`protocol-${group.protocol}`}>
              <Typography variant="h6" component="h2" id={`protocol-${group.protocol}`} sx={{ mb: 1 }}>
                {translate(`portal.protocols.${group.protocol}`)}
              </Typography>
              <Box
                component="ul"
                sx={{
                  display: 'grid',
                  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 260px), 1fr))',
                  gap: 2,
                  p: 0,
                  m: 0,
                }}
              >
                {group.templates.map((template) => (
                  <TemplateCard key={template.id} template={template} />
                ))}
              </Box>
            </Box>
          ))
        )}
      </Stack>
    </Box>
  );
};
