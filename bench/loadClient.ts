/**
 * The paced load from outside the bench's process (issue 33): a process of its own whose clients each keep
 * one connection of node:http alive (no fetch, no shared pool), sending bench/loadMix.ts's requests at
 * their due times. Reads its task as JSON from LOAD_CLIENT; prints its latencies (ms from each request's
 * due time), its failures and its own CPU time as one JSON line.
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { type LoadRow, requestOf } from './loadMix.ts';

interface Task {
  url: string;
  token: string;
  rows: LoadRow[];
  clients: number;
  rate: number;
  seconds: number;
}

const task = JSON.parse(process.env.LOAD_CLIENT ?? '{}') as Task;
const base = new URL(task.url);

const send = (agent: http.Agent, n: number): Promise<void> => {
  const { method, route, body } = requestOf(n, task.rows);
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        agent,
        host: base.hostname,
        port: base.port,
        method,
        path: `/api${route}`,
        headers: {
          authorization: `Bearer ${task.token}`,
          ...(payload === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
        },
      },
      (response) => {
        response.resume();
        response.once('end', () =>
          (response.statusCode ?? 500) < 400
            ? resolve()
            : reject(new Error(`${method} ${route}: ${response.statusCode}`)),
        );
        response.once('error', reject);
      },
    );
    request.once('error', reject);
    request.end(payload);
  });
};

const latencies: number[] = [];
let errors = 0;
const total = task.rate * task.seconds;
const cpuBefore = process.cpuUsage();
const start = performance.now() + 50;
await Promise.all(
  Array.from({ length: task.clients }, async (_, c) => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    for (let n = c; n < total; n += task.clients) {
      const due = start + (n * 1000) / task.rate;
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
      try {
        await send(agent, n);
      } catch {
        errors++;
      }
      latencies.push(performance.now() - due);
    }
    agent.destroy();
  }),
);
const cpu = process.cpuUsage(cpuBefore);
console.log(
  JSON.stringify({
    latencies,
    errors,
    seconds: (performance.now() - start) / 1000,
    cpuMs: (cpu.user + cpu.system) / 1000,
  }),
);
