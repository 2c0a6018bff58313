import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';

/** The gateway as others see it: `https://gateway.example.com` (PUBLIC_URL, else the address a call was made to). */
export const publicOrigin = (request: FastifyRequest, config: Pick<Config, 'publicUrl'>): string =>
  config.publicUrl ?? `${request.protocol}://${request.host}`;
