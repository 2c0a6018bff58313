import { TabbedShowLayoutTabs, type TabbedShowLayoutTabsProps } from 'react-admin';

/**
 * What makes a row of MUI tabs scroll when their labels do not fit (a page's tabs at 375 px). Width 0 and
 * min-width 100%: they fill their container without widening the page to their own width, which
 * react-admin's layout (min-width: fit-content) would otherwise do. For tabs that are not a
 * TabbedShowLayout's (a page's tabs that are links: My Account's): `<Tabs {...SCROLLABLE_TABS}>`.
 */
export const SCROLLABLE_TABS = {
  variant: 'scrollable',
  scrollButtons: 'auto',
  allowScrollButtonsMobile: true,
  sx: { width: 0, minWidth: '100%' },
} as const;

/** A TabbedShowLayout's tabs that scroll: use as `<TabbedShowLayout tabs={<ScrollableTabs />}>`. */
export const ScrollableTabs = (props: Partial<TabbedShowLayoutTabsProps>) => (
  <TabbedShowLayoutTabs {...SCROLLABLE_TABS} {...props} />
);
