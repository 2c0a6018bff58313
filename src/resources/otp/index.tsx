import PasswordIcon from '@mui/icons-material/Password';
import { defineFeature, named, screensOf } from '../../kit/feature';
import { otp } from './texts';

/**
 * A service's OTP codes at /otp?filter={"serviceId":…} (docs/requirements/portal-routes-and-menus.md, docs/requirements/billing-services-screens.md): a list only (codes are
 * generated, re-generated, sent and deleted from it); the service page links here, and there is no menu
 * entry.
 */
export default defineFeature({
  ...named('otp', PasswordIcon, otp, 'username'),
  ...screensOf(import.meta.glob(['./*List.tsx', './*Create.tsx', './*Edit.tsx', './*Show.tsx'])),
});
