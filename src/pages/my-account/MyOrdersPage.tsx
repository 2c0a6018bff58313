import { ResourceContextProvider } from 'react-admin';
import { useParams } from 'react-router-dom';
import { OrderList } from '../../resources/order/OrderList';
import { OrderShow } from '../../resources/order/OrderShow';

/** /my-account/orders: the orders of the signed-in customer (or every customer's for an operator). */
export const MyOrdersPage = () => (
  <ResourceContextProvider value="order">
    <OrderList showPath={(id) => `/my-account/orders/${id}`} />
  </ResourceContextProvider>
);

/** /my-account/orders/{id}: one order. */
export const MyOrderPage = () => {
  const { id } = useParams();
  return (
    <ResourceContextProvider value="order">
      <OrderShow id={id} />
    </ResourceContextProvider>
  );
};
