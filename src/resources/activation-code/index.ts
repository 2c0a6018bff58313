import QrCode2Icon from '@mui/icons-material/QrCode2';
import { createElement } from 'react';
import { Route } from 'react-router-dom';
import { preloadable } from '../../kit/preloadable';

// The screen loads when it is first opened, or ahead of it (see preloadable).
const ActivationCodeList = preloadable(() =>
  import('./ActivationCodeList').then((module) => module.ActivationCodeList),
);

/**
 * A token pack's activation codes at /activation-code/{tokenPackId} (spec 01 §2, spec 02 §2): no list of
 * its own (the codes are always a pack's; the token pack's page links here), so no menu entry.
 */
export default {
  icon: QrCode2Icon,
  recordRepresentation: 'code',
  children: createElement(Route, {
    path: ':tokenPackId',
    element: createElement(ActivationCodeList),
  }),
};
