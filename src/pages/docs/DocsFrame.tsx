import { Box, Link, type Theme, Toolbar, useMediaQuery } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import type { DocLink } from '../../layout/public/docLinks';
import { PublicFooter } from '../../layout/public/PublicFooter';
import { PublicTopBar } from '../../layout/public/PublicTopBar';
import { DocsNavList, DocsNavSelect } from './DocsNav';

const CONTENT_ID = 'docs-content';

interface DocsFrameProps {
  current?: DocLink;
  children: ReactNode;
}

/**
 * The frame of the public documentation: a top bar with the product name (to /login), a navigation of
 * every page (a side list from md up, a select below) and the page in the main landmark.
 */
export const DocsFrame = ({ current, children }: DocsFrameProps) => {
  const translate = useTranslate();
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'), { noSsr: true });
  const navLabel = translate('docs.frame.navLabel');

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <Link
        href={`#${CONTENT_ID}`}
        sx={{
          position: 'absolute',
          left: 8,
          top: -48,
          zIndex: 'tooltip',
          p: 1,
          bgcolor: 'background.paper',
          '&:focus': { top: 8 },
        }}
      >
        {translate('docs.frame.skipToContent')}
      </Link>
      <PublicTopBar />
      <Toolbar />
      <Box sx={{ flex: 1, display: 'flex', flexDirection: wide ? 'row' : 'column' }}>
        {wide ? (
          <Box
            component="nav"
            aria-label={navLabel}
            sx={{
              width: 280,
              flexShrink: 0,
              py: 1,
              bgcolor: 'background.paper',
              borderRight: 1,
              borderColor: 'divider',
              overflowY: 'auto',
            }}
          >
            <DocsNavList current={current} />
          </Box>
        ) : (
          <Box
            component="nav"
            aria-label={navLabel}
            sx={{ p: 2, bgcolor: 'background.paper', borderBottom: 1, borderColor: 'divider' }}
          >
            <DocsNavSelect current={current} />
          </Box>
        )}
        <Box
          component="main"
          id={CONTENT_ID}
          tabIndex={-1}
          sx={{ flex: 1, minWidth: 0, px: { xs: 2, md: 5 }, py: { xs: 3, md: 4 }, outline: 'none' }}
        >
          <Box sx={{ maxWidth: 820 }}>{children}</Box>
        </Box>
      </Box>
      <PublicFooter />
    </Box>
  );
};
