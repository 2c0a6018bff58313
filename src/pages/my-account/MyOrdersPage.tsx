import { Box } from '@mui/material';
import { ResourceContextProvider } from 'react-admin';
import { useParams } from 'react-router-dom';
import { OrderList } from '../../resources/order/OrderList';
import { OrderShow } from '../../resources/order/OrderShow';
import { MyAccountTabs } from './MyAccountTabs';

/** /my-account/orders: the orders of the signed-in customer (or every customer's for an operator), under My Account's tabs. */
export const MyOrdersPage = () => (
  <Box sx={{ mt: 1 }}>
    <MyAccountTabs />
    <ResourceContextProvider value="order">
      <OrderList showPath={(id) => `/my-account/orders/${id}`} />
    </ResourceContextProvider>
  </Box>
);

/** /my-account/orders/{id}: one order, under My Account's tabs (Orders selected). */
export const MyOrderPage = () => {
  const { id } = useParams();
  return (
    <Box sx={{ mt: 1 }}>
      <MyAccountTabs />
      <ResourceContextProvider value="order">
        <OrderShow id={id} />
      </ResourceContextProvider>
    </Box>
  );
};
