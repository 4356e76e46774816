#!/usr/bin/env node
import * as nodeModule from 'node:module';
import { DEFAULT_COMMAND, runCommandLine } from './commands/command-line.js';

// Node 22.1+ keeps the compiled code of every module it loads on disk (in the system's temporary
// directory), and the next start reuses it: a command starts faster from the second run on. Not
// `serve` (the command by default): the cache holds that code in memory for as long as the process
// runs, 1.5-2 MB resident for the service's whole life to save at most 15 ms once at its start
// (BENCHMARKS.md, Start-up and memory). Node 20 has no compile cache.
const command = process.argv[2] ?? DEFAULT_COMMAND;
if (command !== 'serve') (nodeModule as { enableCompileCache?: () => unknown }).enableCompileCache?.();

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
