import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { pino } from 'pino';
import { LiveDataset } from '@china-holiday-calendar/core/answers/live-dataset.js';
import { folderSource } from '@china-holiday-calendar/core/dataset/folder-source.js';
import { API_OPERATIONS } from '../http/operations/operation-list.js';
import { ANSWER_BYTES_BUILD } from '../http/operations/answer-bytes.js';
import { calendarTools } from '../http/mcp/calendar-tools.js';
import { calendarMcpServer } from '../http/mcp/mcp-server.js';

/**
 * `mcp`: the MCP server over stdin and stdout, for an assistant that starts it as a child
 * process. It answers offline from the data directory, and follows changes to it as the service
 * does (a year imported meanwhile is answered without a restart). Standard output carries the
 * protocol and nothing else; the logs go to standard error. It ends when standard input does.
 */
export async function runMcp(dataDir: string): Promise<void> {
  const logger = pino({ base: { pid: process.pid } }, pino.destination({ dest: 2, sync: true }));
  const live = new LiveDataset(folderSource(dataDir), ANSWER_BYTES_BUILD, { log: logger });
  await live.reload('start');
  live.startWatching(0);
  const mcp = calendarMcpServer(calendarTools(API_OPERATIONS), live, logger);
  mcp.server.onerror = (error) => {
    logger.warn({ err: error }, 'MCP message refused');
  };
  // A client that goes away mid-answer leaves nobody to answer: end quietly, not with a stack trace.
  process.stdout.on('error', (error) => {
    logger.info({ err: error }, 'standard output closed; stopping');
    process.exit(0);
  });
  process.stdin.once('end', () => {
    live.stopWatching();
    void mcp.close();
  });
  await mcp.connect(new StdioServerTransport());
  logger.info({ dataDir, datasetVersion: live.current()?.core.version ?? null }, 'MCP server listening on standard input');
}
