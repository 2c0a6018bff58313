import CancelIcon from '@mui/icons-material/Cancel';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import PaymentIcon from '@mui/icons-material/Payment';
import { Button, useRecordContext } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { CANCEL_NOTE } from '../../../contract/billing';
import { ActionButton } from '../../kit/ActionButton';
import { type OrderRecord, useOrderScope } from './orderFields';

type Kind = 'approve' | 'cancel';

/**
 * A submitted order's action (docs/requirements/billing-services-states.md): its customer cancels it, an operator approves it, each after
 * the spec's confirmation. Approved and cancelled orders have none.
 */
const OrderAction = ({ kind }: { kind: Kind }) => {
  const { meta } = useOrderScope();
  return (
    <ActionButton<OrderRecord>
      label={`resources.order.actions.${kind}`}
      color={kind === 'cancel' ? 'error' : 'primary'}
      icon={kind === 'approve' ? <CheckCircleIcon /> : <CancelIcon />}
      resource="order"
      action={kind}
      params={({ record }) =>
        kind === 'approve' ? { data: { orderId: record?.id } } : { id: record?.id, notes: CANCEL_NOTE, meta }
      }
      confirm={{ content: `resources.order.confirm.${kind}` }}
      success={`resources.order.notifications.${kind === 'approve' ? 'approved' : 'canceled'}`}
      showFor={(record) => record.status === 'SUBMITTED'}
    />
  );
};

/**
 * completePayment (docs/requirements/billing-services-screens.md): an unpaid Professional order of the customer's goes back to the purchase,
 * at /home?orderId=…&tierId=…&step=2, which opens its payment.
 */
const CompletePayment = () => {
  const record = useRecordContext<OrderRecord>();
  const navigate = useNavigate();
  if (record?.status !== 'SUBMITTED' || record.paid || record.tierPaymentPlan.tierPlanType !== 'NORMAL') {
    return null;
  }
  return (
    <Button
      label="resources.order.actions.completePayment"
      onClick={(event) => {
        event.stopPropagation();
        navigate(`/home?orderId=${record.id}&tierId=${record.tierPaymentPlan.id}&step=2`);
      }}
    >
      <PaymentIcon />
    </Button>
  );
};

/** Approve for an operator; Complete payment and Cancel for the order's customer. */
export const OrderActions = () => {
  const { operator } = useOrderScope();
  if (operator) return <OrderAction kind="approve" />;
  return (
    <>
      <CompletePayment />
      <OrderAction kind="cancel" />
    </>
  );
};
