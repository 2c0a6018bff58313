import { setupServer } from 'msw/node';

/** The HTTP edge for portal tests: each test declares the answers it needs. */
export const server = setupServer();

export const API = 'http://localhost:3000/api';
