import { defineFeature } from '../../kit/feature.ts';
import { samlSettingRoutes } from './routes.ts';

/** The provider's SAML settings (the portal's own sign-in by SAML). */
export default defineFeature({ name: 'samlSetting', routes: samlSettingRoutes });
