import * as schema from '../../../server/db/schema.ts';
import { defineRecords } from '../fixtures/featureRecords.ts';

/** Two cards (the first listed, the primary one, may be deleted by the administrator). */
export default defineRecords({
  make: ({ db, customerId }) =>
    db.insert(schema.cards).values(
      [
        { name: 'Globex Primary', last4: '4242', isPrimary: true },
        { name: 'Globex Spare', last4: '4444', isPrimary: false },
      ].map((values, index) => ({
        customerId,
        ...values,
        brand: 'visa',
        expMonth: 12,
        expYear: 2099,
        processor: 'test',
        reference: String(index).repeat(64),
      })),
    ),
});
