import { TabbedShowLayoutTabs, type TabbedShowLayoutTabsProps } from 'react-admin';

/**
 * A TabbedShowLayout's tabs that scroll when their labels do not fit (a page's tabs at 375 px). Width 0 and
 * min-width 100%: they fill the card without widening the page to their own width, which react-admin's
 * layout (min-width: fit-content) would otherwise do. Use as `<TabbedShowLayout tabs={<ScrollableTabs />}>`.
 */
export const ScrollableTabs = (props: Partial<TabbedShowLayoutTabsProps>) => (
  <TabbedShowLayoutTabs
    variant="scrollable"
    scrollButtons="auto"
    allowScrollButtonsMobile
    sx={{ width: 0, minWidth: '100%' }}
    {...props}
  />
);
