import PasswordIcon from '@mui/icons-material/Password';
import { preloadable } from '../../kit/preloadable';

// The screen loads when it is first opened, or ahead of it (see preloadable).
const OtpList = preloadable(() => import('./OtpList').then((module) => module.OtpList));

/**
 * A service's OTP codes at /otp?filter={"serviceId":…} (spec 01 §2, spec 02 §2): a list only (codes are
 * generated, re-generated, sent and deleted from it); the service page links here, and there is no menu
 * entry.
 */
export default {
  list: OtpList,
  icon: PasswordIcon,
  recordRepresentation: 'username',
};
