import { Box } from '@mui/material';
import { QRCodeSVG } from 'qrcode.react';

/** docs/requirements/constants-and-limits.md: QR size 170, quiet zone 24 by default (12 on the sign-in page). */
export const QR_SIZE = 170;
export const QR_QUIET_ZONE = 24;

export interface QrCodeProps {
  value: string;
  label: string;
  size?: number;
  /** White space around the code, in pixels, so that scanners find its edges. */
  quietZone?: number;
}

export const QrCode = ({ value, label, size = QR_SIZE, quietZone = QR_QUIET_ZONE }: QrCodeProps) => (
  <Box sx={{ display: 'inline-flex', p: `${quietZone}px`, bgcolor: '#fff', lineHeight: 0 }}>
    <QRCodeSVG value={value} size={size} level="M" role="img" aria-label={label} title={label} />
  </Box>
);
