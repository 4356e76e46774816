import type { RouteMethods } from '../kernel/response-policy.js';

/** Where the MCP endpoint is and what it accepts: the route's and the problem pages' one source. */

export const MCP_PATH = '/mcp';

/** What one POST is answered with: a status, JSON-RPC text (empty for 202), and its content type. */
export interface McpAnswer {
  readonly status: number;
  readonly contentType: string | undefined;
  readonly text: string;
}

/**
 * The largest body the endpoint reads. A tool call is a few hundred bytes (a hundred dates are
 * about 1.5 KiB); the rest is room for what clients add to their initialize request.
 */
export const MCP_BODY_LIMIT = 64 * 1024;

/** The detail of CONTENT_TOO_LARGE. */
export const MCP_TOO_LARGE = `The request body is larger than ${MCP_BODY_LIMIT} bytes.`;

/** The detail of ORIGIN_NOT_ALLOWED. */
export const MCP_ORIGIN_REFUSED = 'This origin may not call the MCP endpoint: only programs, loopback pages and the origins in MCP_ALLOWED_ORIGINS may.';

/**
 * POST only: a stateless server offers no event stream to GET and has no session to DELETE, so
 * both answer 405 (the protocol allows it), as any other method does. A browser client's
 * preflight may ask for the headers a POST carries (no session id: none is ever given).
 */
export const MCP_METHODS: RouteMethods = {
  allow: 'POST, OPTIONS',
  methods: ['POST'],
  requestHeaders: ['Content-Type', 'Mcp-Protocol-Version'],
};
