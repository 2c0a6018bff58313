import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, RecordContextProvider, TestMemoryRouter } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { createAuthProvider } from '../../../src/authProvider';
import { EnterCustomerButton } from '../../../src/components/EnterCustomerButton';
import { createHttpClient } from '../../../src/dataProviders/transport';
import { i18nProvider } from '../../../src/i18n';
import { CustomerContext } from '../../../src/layout/CustomerContext';
import { SCOPE, sessionStore } from '../../../src/session';
import { customerAdmin, operator, signIn } from '../harness';
import { API } from '../msw';

const renderScreens = () => {
  const authProvider = createAuthProvider({
    http: createHttpClient(API, { getSession: () => sessionStore.get() }),
    store: sessionStore,
  });
  render(
    <TestMemoryRouter initialEntries={['/customer']}>
      <AdminContext authProvider={authProvider} i18nProvider={i18nProvider}>
        <CustomerContext />
        <Routes>
          <Route
            path="/customer"
            element={
              <RecordContextProvider value={{ id: 'c7', companyName: 'Globex' }}>
                <p>customer list</p>
                <EnterCustomerButton />
              </RecordContextProvider>
            }
          />
          <Route path="/report" element={<p>dashboard</p>} />
        </Routes>
      </AdminContext>
    </TestMemoryRouter>,
  );
  return userEvent.setup();
};

describe('the customer context', () => {
  it('lets an operator enter a customer from its record and return to the customer list', async () => {
    signIn(operator);
    const user = renderScreens();
    expect(screen.queryByRole('button', { name: 'Return' })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Manage' }));
    expect(await screen.findByText('dashboard')).toBeInTheDocument();
    expect(screen.getByText('Customer: Globex')).toBeInTheDocument();
    expect(sessionStore.get()).toMatchObject({ customerId: 'c7', currentScope: SCOPE.CUSTOMER });

    await user.click(screen.getByRole('button', { name: 'Return' }));
    expect(await screen.findByText('customer list')).toBeInTheDocument();
    expect(screen.queryByText('Customer: Globex')).not.toBeInTheDocument();
    expect(sessionStore.get()).toMatchObject({
      customerId: null,
      customerName: null,
      currentScope: SCOPE.PROVIDER,
    });
  });

  it('never shows Return to a customer administrator', async () => {
    signIn({ ...customerAdmin, customerName: 'Acme' });
    renderScreens();
    expect(await screen.findByText('customer list')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Return' })).not.toBeInTheDocument();
  });
});
