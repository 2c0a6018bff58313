import QrCode2Icon from '@mui/icons-material/QrCode2';
import { Route } from 'react-router-dom';
import { defineFeature, named, screen } from '../../kit/feature';
import { activationCode } from './texts';

// Its own routes' screens load with their page too (see preloadable).
const ActivationCodeList = screen(() => import('./ActivationCodeList'), 'ActivationCodeList');

/**
 * A token pack's activation codes at /activation-code/{tokenPackId} (docs/requirements/portal-routes-and-menus.md, docs/requirements/billing-services-screens.md): no list of
 * its own (the codes are always a pack's; the token pack's page links here), so no menu entry.
 */
export default defineFeature({
  ...named('activation-code', QrCode2Icon, activationCode, 'code'),
  routes: <Route path=":tokenPackId" element={<ActivationCodeList />} />,
});
