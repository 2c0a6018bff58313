import PasswordIcon from '@mui/icons-material/Password';
import { defineFeature } from '../../kit/feature';
import { screen } from '../../kit/preloadable';
import { otp } from './texts';

/**
 * A service's OTP codes at /otp?filter={"serviceId":…} (spec 01 §2, spec 02 §2): a list only (codes are
 * generated, re-generated, sent and deleted from it); the service page links here, and there is no menu
 * entry.
 */
export default defineFeature({
  name: 'otp',
  list: screen(() => import('./OtpList'), 'OtpList'),
  icon: PasswordIcon,
  recordRepresentation: 'username',
  texts: { en: otp },
});
