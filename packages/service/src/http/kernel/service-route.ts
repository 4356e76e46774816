import type { FastifyReply, FastifyRequest } from 'fastify';
import type { OperationDoc } from './operation-doc.js';
import type { ResourceName } from './resource-schemas.js';
import type { RouteMethods } from './response-policy.js';

/** One answer of a service route, as the OpenAPI document shows it. */
export interface ServiceResponseDoc {
  readonly description: string;
  readonly contentType: string;
  readonly schema: ResourceName;
  /** The example the document shows: the real answer to a GET of the path, a value the route's own code built, or none. */
  readonly example?: { readonly live: true } | { readonly value: unknown };
}

/** How a route appears in the OpenAPI document. */
export type RouteDoc =
  | { readonly kind: 'api'; readonly operation: OperationDoc }
  | {
      readonly kind: 'service';
      readonly operationId: string;
      /** Its OpenAPI tag: Service (for the people who run it) unless it says otherwise. */
      readonly tag?: 'Service' | 'Agents';
      readonly summary: string;
      readonly description: string;
      /** Its path parameters, where its path has any (`{file}`). */
      readonly parameters?: readonly { readonly name: string; readonly description: string; readonly schema: Readonly<Record<string, string>> }[];
      /**
       * The body a route of other methods than GET reads (the MCP endpoint's POST), with the
       * request the document sends to show the real answer of a `live` example.
       */
      readonly requestBody?: { readonly description: string; readonly contentType: string; readonly schema: ResourceName; readonly accept: string; readonly example: unknown };
      /** Its answers by status (every known path also answers 405 to methods other than its own and OPTIONS). */
      readonly responses: Readonly<Record<string, ServiceResponseDoc>>;
    };

/**
 * One entry of the route table: a path (OpenAPI template form), what GET and HEAD answer there,
 * and how it is documented. The same list feeds the router, the 405 logic and the OpenAPI
 * document.
 */
export interface ServiceRoute {
  readonly path: string;
  readonly doc?: RouteDoc;
  /** Its answers' label in metrics and logs where that is not its operationId (the MCP endpoint counts under its path). */
  readonly label?: string;
  /** The methods `handle` answers: GET and HEAD (GET_METHODS) unless the route says otherwise. */
  readonly methods?: RouteMethods;
  /**
   * Writes the answer through the responder. Returns nothing (or a promise of nothing): a handler
   * that returned the reply would make Fastify wait on it as a promise, a cost on every answer.
   */
  handle(request: FastifyRequest, reply: FastifyReply): void | Promise<void>;
}
