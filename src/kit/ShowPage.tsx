import { Fragment, isValidElement, type ReactElement, type ReactNode } from 'react';
import { Show, type ShowProps, TabbedShowLayout } from 'react-admin';
import { DateField } from './dates';
import { ScrollableTabs } from './ScrollableTabs';

export interface ShowPageProps extends Pick<ShowProps, 'actions' | 'title'> {
  /** The Info tab's fields, in a fragment. */
  info: ReactNode;
  /** When the record was made and last changed, after the fields: with their time (`time`), or none. */
  stamps?: 'time' | false;
  /** The record's audit log (`<HistoryTab />`): the last tab, History. */
  history?: ReactElement;
  /** The tabs between Info and History (`TabbedShowLayout.Tab`s). */
  children?: ReactNode;
}

/** A record's page: react-admin's Show with its tabs, Info first and History last. */
export const ShowPage = ({ actions, title, info, stamps = 'time', history, children }: ShowPageProps) => {
  // The tab labels each of its fields: they are its children one by one, not a fragment.
  const fields =
    isValidElement<{ children?: ReactNode }>(info) && info.type === Fragment ? info.props.children : info;
  return (
    <Show actions={actions} title={title}>
      {/* The tabs scroll at 375 px rather than widening the page. */}
      <TabbedShowLayout tabs={<ScrollableTabs />}>
        <TabbedShowLayout.Tab label="portal.tabs.info">
          {fields}
          {stamps && <DateField source="createdDate" showTime />}
          {stamps && <DateField source="lastModifiedDate" showTime />}
        </TabbedShowLayout.Tab>
        {children}
        {history && (
          <TabbedShowLayout.Tab label="resources.audit.history.tab" path="history">
            {history}
          </TabbedShowLayout.Tab>
        )}
      </TabbedShowLayout>
    </Show>
  );
};
