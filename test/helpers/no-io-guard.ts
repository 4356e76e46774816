/**
 * Loaded with `--import` by `npm run test:unit` (scripts/run-tests.ts): inside the processes that
 * run the test files, opening a socket (listening or connecting, so fetch and HTTP clients too),
 * starting a child process or launching a browser throws, so a test that needs one fails loudly
 * instead of quietly making the fast tier slow. The runner's own process, which must start those
 * processes, is left alone: it marks them with UNIT_TIER_GUARD.
 */
import childProcess from 'node:child_process';
import { syncBuiltinESMExports } from 'node:module';
import net from 'node:net';

function refuse(what: string): never {
  throw new Error(`npm run test:unit runs the tests that need no ${what}; this one belongs in npm test only (see scripts/run-tests.ts)`);
}

if (process.env.UNIT_TIER_GUARD === '1') {
  net.Server.prototype.listen = function listen(): never {
    return refuse('listening socket');
  };
  net.Socket.prototype.connect = function connect(): never {
    return refuse('socket');
  };
  const spawners = ['spawn', 'spawnSync', 'exec', 'execSync', 'execFile', 'execFileSync', 'fork'] as const;
  for (const name of spawners) {
    Object.defineProperty(childProcess, name, { value: () => refuse('child process'), writable: true, configurable: true });
  }
  syncBuiltinESMExports();
}
