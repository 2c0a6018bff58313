import { Box, Card, CardContent, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { usePageTitle } from '../../components/usePageTitle';
import { getProductName } from '../../config';
import { PublicLayout } from './PublicLayout';

/** The public pages' band, behind their card (and /home's hero): /login's and /signup's header is transparent over it. */
export const PUBLIC_BAND = 'linear-gradient(135deg, #0d2a57 0%, #0d47a1 55%, #00695c 100%)';

export interface PublicCardPageProps {
  /** The catalogue key of the page's title: the browser tab's and the h1's. */
  title: string;
  /** A line under the title. */
  subtitle?: ReactNode;
  /** The card's greatest width (a form's 480 px; the onboarding's QR code and steps take more). */
  maxWidth?: number;
  children: ReactNode;
}

/**
 * A public page made of one card: the public top bar and footer, the card on the band, the product's name
 * and the page's title (the sign-in page, the self-service pages). A phone (375 px) keeps 16 px either side.
 */
export const PublicCardPage = ({ title, subtitle, maxWidth = 480, children }: PublicCardPageProps) => {
  const translate = useTranslate();
  usePageTitle(title);
  return (
    <PublicLayout>
      <Box
        component="main"
        sx={{
          flex: 1,
          minHeight: '100vh',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          p: 2,
          // Clear of the fixed top bar when the card is taller than the window (a phone).
          pt: 10,
          background: PUBLIC_BAND,
        }}
      >
        <Card sx={{ width: '100%', maxWidth }} elevation={8}>
          <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
            <Typography variant="overline" component="p" color="text.secondary">
              {getProductName()}
            </Typography>
            <Typography variant="h4" component="h1" gutterBottom sx={{ typography: { xs: 'h5', sm: 'h4' } }}>
              {translate(title)}
            </Typography>
            {subtitle && (
              <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
                {subtitle}
              </Typography>
            )}
            {children}
          </CardContent>
        </Card>
      </Box>
    </PublicLayout>
  );
};
