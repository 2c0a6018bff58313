import type { ComponentProps } from 'react';
import { Sidebar, useTranslate } from 'react-admin';

/** react-admin's sidebar, whose drawer on a phone (a dialog) is named for assistive technology. */
export const PortalSidebar = (props: ComponentProps<typeof Sidebar>) => {
  const translate = useTranslate();
  return <Sidebar {...props} slotProps={{ paper: { 'aria-label': translate('portal.menu.label') } }} />;
};
