#!/usr/bin/env node
import * as nodeModule from 'node:module';
import { runCommandLine } from './commands/command-line.js';

// Node 22.1+ keeps the compiled code of every module it loads on disk (in the system's temporary
// directory), and the next start reuses it: the service, Fastify and the rest start faster from the
// second run on. Node 20 has no compile cache; it starts as before.
(nodeModule as { enableCompileCache?: () => unknown }).enableCompileCache?.();

runCommandLine(process.argv.slice(2), process).then(
  (code) => {
    if (code >= 0) process.exitCode = code;
  },
  (error: unknown) => {
    void import('pino').then(({ pino }) => {
      pino().fatal({ err: error }, 'china-calendar failed');
      process.exitCode = 1;
    });
  },
);
