import type { InputProblemCode } from '@china-holiday-calendar/core/questions/input-problem.js';
import type { ResourceName } from './resource-schemas.js';

/** How a parameter appears in the OpenAPI document. */
export interface ParameterDoc {
  readonly name: string;
  readonly in: 'path' | 'query';
  readonly required: boolean;
  readonly description: string;
  /** Its JSON Schema. */
  readonly schema: Readonly<Record<string, unknown>>;
}

/** A request whose real answer the OpenAPI document shows as an example. */
export interface ExampleRequest {
  readonly summary: string;
  /** Path and query, as a client sends them. */
  readonly request: string;
}

/** What the OpenAPI document shows of an operation's CSV representation. */
export interface CsvDoc {
  /** A request whose real CSV answer the OpenAPI document shows (asked with Accept: text/csv). */
  readonly example: ExampleRequest;
  /** Rows other than the day-status rows: their schema and columns. */
  readonly schema?: ResourceName;
  readonly columns?: readonly string[];
}

/**
 * An API operation as the route table's readers see it (the router's 404 near-miss, the metrics
 * label, the OpenAPI document): where it lives and how it is documented, not how it answers. The
 * operation records (http/operations/api-operation.ts) are this and their answers; the kernel
 * knows only this, so that it needs nothing of the room above it.
 */
export interface OperationDoc {
  readonly operationId: string;
  /** Path template in OpenAPI form, `{name}` for a path parameter. */
  readonly path: string;
  /** The OpenAPI tag: the four operations of docs/interface.md, the business-day tools beyond it, or the exchanges' calendar. */
  readonly tag: 'China calendar' | 'Business days' | 'Trading days';
  readonly summary: string;
  readonly description: string;
  readonly parameters: readonly ParameterDoc[];
  /** The resource of a 200 answer and its media type. */
  readonly response: { readonly schema: ResourceName; readonly contentType: string };
  readonly examples: Readonly<Record<string, ExampleRequest>>;
  /** The 400 problems its parameters can cause, in check order, each with a request that causes it. */
  readonly badRequests: Readonly<Partial<Record<Exclude<InputProblemCode, 'RESOURCE_NOT_FOUND'>, string>>>;
  /** A request whose path names no resource its parameters can (an unknown market): its 404 problem is documented. */
  readonly notFound?: string;
  /** Its CSV representation, for an answer that is a run of days. */
  readonly csv?: CsvDoc;
}
