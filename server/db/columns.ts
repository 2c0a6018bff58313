import { customType, timestamp } from 'drizzle-orm/pg-core';

/** Binary content; PGlite answers Uint8Array and node-postgres Buffer: both become a Buffer. */
export const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
  toDriver: (value) => value,
});

/** Timestamps are always stored with their time zone. */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
