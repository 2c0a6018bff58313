import CancelIcon from '@mui/icons-material/Cancel';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import PaymentIcon from '@mui/icons-material/Payment';
import { useState } from 'react';
import { Button, useDataProvider, useNotify, useRecordContext, useRefresh } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { CANCEL_NOTE } from '../../../contract/billing';
import { ConfirmDialog } from '../../kit/ConfirmDialog';
import { errorNotification } from '../../kit/notifyError';
import { type OrderRecord, useOrderScope } from './orderFields';

type Kind = 'approve' | 'cancel';

/**
 * A submitted order's action (spec 02 §4): its customer cancels it, an operator approves it, each after
 * the spec's confirmation. Approved and cancelled orders have none.
 */
const OrderAction = ({ kind }: { kind: Kind }) => {
  const record = useRecordContext<OrderRecord>();
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const { meta } = useOrderScope();
  const [asking, setAsking] = useState(false);
  const [loading, setLoading] = useState(false);
  if (record?.status !== 'SUBMITTED') return null;
  const run = async () => {
    setLoading(true);
    try {
      if (kind === 'approve') await dataProvider.approve('order', { data: { orderId: record.id } });
      else await dataProvider.cancel('order', { id: record.id, notes: CANCEL_NOTE, meta });
      notify(`resources.order.notifications.${kind === 'approve' ? 'approved' : 'canceled'}`, {
        type: 'info',
      });
      refresh();
    } catch (error) {
      notify(...errorNotification(error));
    } finally {
      setLoading(false);
      setAsking(false);
    }
  };
  return (
    <>
      <Button
        label={`resources.order.actions.${kind}`}
        onClick={(event) => {
          event.stopPropagation();
          setAsking(true);
        }}
        disabled={loading}
        color={kind === 'cancel' ? 'error' : 'primary'}
      >
        {kind === 'approve' ? <CheckCircleIcon /> : <CancelIcon />}
      </Button>
      <ConfirmDialog
        open={asking}
        content={`resources.order.confirm.${kind}`}
        loading={loading}
        onAccept={() => void run()}
        onReject={() => setAsking(false)}
      />
    </>
  );
};

/**
 * completePayment (spec 02 §2): an unpaid Professional order of the customer's goes back to the purchase,
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
