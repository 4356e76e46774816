import assert from 'node:assert/strict';
import { Agent, request } from 'node:http';
import { connect, createServer, type Socket } from 'node:net';
import { describe, it } from 'node:test';
import { PATH_PREFIX } from '../helpers/design-rules.js';
import { openRawConnection } from '../helpers/http-answer.js';
import { answers, listeningPids, startServiceProcess, type ServiceProcess } from '../helpers/service-process.js';

/*
 * `china-calendar serve` as an operator runs it, over real sockets and real signals (docs/operators.md,
 * "Signals, timeouts and limits"): SIGTERM and SIGINT drain keep-alive connections without losing
 * a request, with one process or a cluster, signalled alone or with its whole process group; a
 * port already taken makes the service exit 1 whatever WORKERS says; a worker killed with
 * SIGKILL leaves no client waiting; LISTEN_BACKLOG reaches the kernel; good clients keep being
 * answered under a connection flood, and every flood connection that never sends a whole request
 * gets its 408.
 */

const RANGE_2024 = `${PATH_PREFIX.getDateRangeStatus}?startDate=2024-01-01&endDate=2024-12-31`;
const DAY = `${PATH_PREFIX.getDateStatus}2024-10-01`;

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

interface Outcome {
  /** The request reached no server: the connection was refused, so nothing was sent. */
  readonly refused?: boolean;
  readonly error?: string;
  readonly status?: number;
  readonly connection?: string;
  readonly days?: number;
}

/** One GET through `agent`; an error is an outcome, named with whether the connection was a reused one. */
function get(port: number, path: string, agent: Agent | false, timeoutMs = 20_000): Promise<Outcome> {
  return new Promise((resolve) => {
    const call = request({ host: '127.0.0.1', port, path, agent, timeout: timeoutMs }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', (error: NodeJS.ErrnoException) => resolve({ error: `response ${error.code ?? error.message}` }));
      response.on('end', () => {
        const body = Buffer.concat(chunks).toString();
        resolve({
          status: response.statusCode ?? 0,
          connection: response.headers.connection ?? '',
          days: path === RANGE_2024 ? (JSON.parse(body) as unknown[]).length : 0,
        });
      });
    });
    call.on('timeout', () => {
      call.destroy(new Error('no answer in time'));
    });
    call.on('error', (error: NodeJS.ErrnoException) => {
      resolve(error.code === 'ECONNREFUSED' && !call.reusedSocket ? { refused: true } : { error: `${call.reusedSocket ? 'reused' : 'new'} connection: ${error.code ?? error.message}` });
    });
    call.end();
  });
}

describe('serve: a drain on SIGTERM or SIGINT loses no request on keep-alive connections', { timeout: 120_000 }, () => {
  const scenarios = [
    { label: 'SIGTERM to the process', env: {}, signal: 'SIGTERM', group: false },
    { label: 'SIGINT to the process', env: {}, signal: 'SIGINT', group: false },
    { label: 'WORKERS=2, SIGTERM to every process of the group (as systemd stops a service)', env: { WORKERS: '2' }, signal: 'SIGTERM', group: true },
  ] as const;
  for (const { label, env, signal, group } of scenarios) {
    // With workers, the primary closes the shared listening socket only once the last worker has
    // stopped accepting: a connection opened in that instant is reset, not refused (docs/operators.md). Its
    // request was never read; a request on a kept-alive connection is never lost.
    const unreadOnNewConnection = (error: string): boolean => 'WORKERS' in env && error === 'new connection: ECONNRESET';
    it(`${label}: 16 busy keep-alive clients get every answer, the last with Connection: close; an idle connection is closed; exit 0`, async () => {
      const service = await startServiceProcess(env);
      const idle = await openRawConnection(service.port);
      assert.equal((await idle.request(`GET ${DAY} HTTP/1.1\r\nHost: x\r\n\r\n`)).status, 200);

      const agent = new Agent({ keepAlive: true, maxSockets: 16 });
      const lost: string[] = [];
      const closing: Outcome[] = [];
      let answered = 0;
      const client = async (): Promise<void> => {
        for (;;) {
          const outcome = await get(service.port, RANGE_2024, agent);
          // Refused: the service has stopped listening, and this request was never sent.
          if (outcome.refused === true) return;
          if (outcome.error !== undefined) lost.push(outcome.error);
          else if (outcome.status !== 200 || outcome.days !== 366) lost.push(`status ${String(outcome.status)}, ${String(outcome.days)} days`);
          else answered++;
          if (outcome.connection === 'close') closing.push(outcome);
        }
      };
      try {
        const clients = Array.from({ length: 16 }, client);
        while (answered < 100) await sleep(20);
        service.signal(signal, { group });
        await Promise.all(clients);
        const exit = await service.exitWithin(20_000);
        const idleEnd = await idle.ended;

        assert.deepEqual(
          lost.filter((error) => !unreadOnNewConnection(error)),
          [],
          'every request sent was answered in full',
        );
        assert.ok(closing.length > 0, 'answers during the drain say Connection: close');
        assert.deepEqual({ how: idleEnd.how, unread: idleEnd.unread }, { how: 'end', unread: '' }, 'the idle connection was closed cleanly, with nothing sent');
        assert.deepEqual(exit, { code: 0, signal: null }, service.output().slice(-2000));
        assert.match(service.output(), /shutting down/);
      } finally {
        agent.destroy();
        idle.destroy();
      }
    });
  }
});

describe('serve: a port already taken', { timeout: 120_000 }, () => {
  for (const workers of ['1', '2']) {
    it(`WORKERS=${workers}: the service exits 1, saying why`, async () => {
      const holder = createServer();
      await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
      const address = holder.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      try {
        const service = await startServiceProcess({ PORT: String(port), WORKERS: workers }, { waitListening: false });
        const exit = await service.exitWithin(30_000);
        assert.deepEqual(exit, { code: 1, signal: null }, service.output().slice(-2000));
        assert.match(service.output(), /EADDRINUSE/);
      } finally {
        holder.close();
      }
    });
  }
});

describe('serve: WORKERS=2 and workers killed with SIGKILL', { timeout: 120_000 }, () => {
  it('no client is left waiting: each request is answered or fails at once; the other worker answers; a replacement starts', async () => {
    const service = await startServiceProcess({ WORKERS: '2' });
    const outcomes: Outcome[] = [];
    let firstKill = Number.POSITIVE_INFINITY;
    let answeredAfterKill = 0;
    let stop = false;
    // A new connection per request: the kill meets connections being accepted or handed over.
    const client = async (): Promise<void> => {
      while (!stop) {
        const outcome = await get(service.port, DAY, false, 10_000);
        outcomes.push(outcome);
        if (outcome.status === 200 && performance.now() > firstKill) answeredAfterKill++;
      }
    };
    const clients = Array.from({ length: 24 }, client);
    const killed = new Set<number>();
    // Round-robin scheduling left one client waiting at about every kill; three kills show it.
    for (let kill = 1; kill <= 3; kill++) {
      const before = outcomes.length;
      while (outcomes.length < before + 200) await sleep(20);
      const victim = listeningPids(service).find((pid) => !killed.has(pid));
      assert.ok(victim !== undefined);
      process.kill(victim, 'SIGKILL');
      killed.add(victim);
      firstKill = Math.min(firstKill, performance.now());
      await service.logged(/service listening/, 2 + kill);
    }
    const afterLast = outcomes.length;
    while (outcomes.length < afterLast + 200) await sleep(20);
    stop = true;
    await Promise.all(clients);

    const waited = outcomes.filter((outcome) => outcome.error?.includes('no answer in time'));
    assert.deepEqual(waited, [], 'no request waited for its timeout');
    // Those a killed worker had accepted fail at once with a reset; nothing else fails.
    for (const outcome of outcomes.filter(({ status }) => status !== 200)) assert.match(String(outcome.error), /ECONNRESET|EPIPE|socket hang up/, JSON.stringify(outcome));
    assert.ok(answeredAfterKill >= 600, `the service kept answering after the kills (${answeredAfterKill})`);
    assert.equal((service.output().match(/worker exited; starting another/g) ?? []).length, 3);

    service.signal('SIGTERM');
    assert.deepEqual(await service.exitWithin(20_000), { code: 0, signal: null });
  });
});

describe('serve: the listen backlog and a connection flood', { timeout: 120_000 }, () => {
  /** Connections whose handshake completes while the service is stopped (SIGSTOP), tried one by one. */
  async function handshakesWhileStopped(service: ServiceProcess, attempts: number): Promise<number> {
    const sockets: Socket[] = [];
    service.signal('SIGSTOP');
    try {
      for (let count = 0; count < attempts; count++) {
        const socket = connect({ port: service.port, host: '127.0.0.1' });
        sockets.push(socket);
        socket.on('error', () => undefined);
        // With the accept queue full, Linux drops the SYN; the client would retry after a second.
        const connected = await Promise.race([new Promise<boolean>((resolve) => socket.once('connect', () => resolve(true))), sleep(500).then(() => false)]);
        if (!connected) return count;
      }
      return attempts;
    } finally {
      service.signal('SIGCONT');
      for (const socket of sockets) socket.destroy();
    }
  }

  it('LISTEN_BACKLOG=4: the kernel queues 4 (Linux: 5) connections for a stopped service; the default queues far more', async () => {
    const small = await startServiceProcess({ LISTEN_BACKLOG: '4' });
    const queued = await handshakesWhileStopped(small, 20);
    assert.ok(queued === 4 || queued === 5, `${queued} connections queued`);
    assert.equal(await answers(small.port, '/healthz'), 200, 'serving again after SIGCONT');
    small.signal('SIGTERM');

    const standard = await startServiceProcess();
    assert.equal(await handshakesWhileStopped(standard, 40), 40);
    standard.signal('SIGTERM');
    assert.deepEqual(await small.exitWithin(20_000), { code: 0, signal: null });
    assert.deepEqual(await standard.exitWithin(20_000), { code: 0, signal: null });
  });

  it('2,000 connections that never send a whole request: good clients are still answered, and each flood connection gets its 408', async () => {
    const service = await startServiceProcess();
    const flood: Promise<string>[] = [];
    for (let index = 0; index < 2000; index++) {
      flood.push(
        new Promise((resolve) => {
          const socket = connect({ port: service.port, host: '127.0.0.1' });
          let received = '';
          // Half send part of a request and stall, half send nothing.
          if (index % 2 === 1) socket.on('connect', () => socket.write(`GET ${DAY} HTTP/1.1\r\nHost: x\r\n`));
          socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
          socket.on('error', (error: NodeJS.ErrnoException) => (received += `error ${error.code ?? ''}`));
          socket.on('close', () => resolve(received));
          // Far past the 408 the service owes it: a test of a broken service ends rather than hangs.
          socket.setTimeout(60_000, () => socket.destroy());
        }),
      );
    }
    const keepAlive = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const good: Outcome[] = [];
      for (let index = 0; index < 30; index++) {
        good.push(await get(service.port, DAY, false, 10_000));
        good.push(await get(service.port, DAY, keepAlive, 10_000));
      }
      assert.deepEqual(
        good.filter((outcome) => outcome.status !== 200),
        [],
        'every good request answered during the flood',
      );
    } finally {
      keepAlive.destroy();
    }
    const ends = await Promise.all(flood);
    const unanswered = ends.filter((received) => !received.startsWith('HTTP/1.1 408 '));
    assert.deepEqual(unanswered.slice(0, 5), [], `${unanswered.length} flood connections closed without their 408`);
    assert.equal(await answers(service.port, '/healthz'), 200);
    service.signal('SIGTERM');
    assert.deepEqual(await service.exitWithin(20_000), { code: 0, signal: null });
  });
});
