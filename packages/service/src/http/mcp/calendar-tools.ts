import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { DATE_SCHEMA, type ApiOperation, type ToolDoc } from '../operations/api-operation.js';
import { IsoDateSchema, RESOURCE_SCHEMAS, type ResourceName } from '../kernel/resource-schemas.js';

/**
 * The MCP tools: each is one API operation under a name an agent reads, with the operation's own
 * parameters as its arguments (same names, same checks, same answers: docs/design.md, Agents).
 */
export interface CalendarTool {
  /** What tools/list shows. */
  readonly definition: Tool;
  /** The operation that reads the arguments and answers. */
  readonly operation: ApiOperation<unknown>;
  /**
   * Structured content is a JSON object, so an operation that answers a JSON array (a range) has
   * it under this key; the text content is the operation's answer as it is.
   */
  readonly listKey?: string;
  /** The argument that is a list of dates: an array to an agent, one comma-separated parameter over HTTP. */
  readonly listArgument?: string;
}

/** The tools over these operations (the route table's, whose year overview may carry sync's held notices), in the order tools/list shows them. */
export function calendarTools(operations: readonly ApiOperation<unknown>[]): readonly CalendarTool[] {
  return operations.flatMap((operation) => (operation.tool === undefined ? [] : [calendarTool(operation, operation.tool)]));
}

function calendarTool(operation: ApiOperation<unknown>, spec: ToolDoc): CalendarTool {
  const output = outputSchemaOf(operation.response.schema);
  return {
    operation,
    ...(output.listKey === undefined ? {} : { listKey: output.listKey }),
    ...(spec.listArgument === undefined ? {} : { listArgument: spec.listArgument }),
    definition: {
      name: spec.name,
      title: spec.title,
      description: spec.description,
      inputSchema: inputSchemaOf(operation, spec.argumentSchemas ?? {}),
      outputSchema: output.schema,
      annotations: { title: spec.title, readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    },
  };
}

/**
 * The operation's parameters as the tool's arguments: same names and descriptions, every one
 * required. A date (the document's reference, DATE_SCHEMA, as a parameter or a list's items) is
 * written out, so that the tool's schema stands alone.
 */
function inputSchemaOf(operation: ApiOperation<unknown>, overrides: Readonly<Record<string, Readonly<Record<string, unknown>>>>): Tool['inputSchema'] {
  const properties: Record<string, object> = {};
  for (const { name, description, schema } of operation.parameters) {
    const override = overrides[name];
    if (override === undefined) properties[name] = { ...(schema === DATE_SCHEMA ? IsoDateSchema : schema), description };
    else properties[name] = override.items === DATE_SCHEMA ? { ...override, items: IsoDateSchema } : override;
  }
  return { type: 'object', properties, required: operation.parameters.map(({ name }) => name) };
}

const COMPONENT_REF = '#/components/schemas/';

/**
 * The output schema of a resource: its JSON Schema as the OpenAPI document publishes it, the
 * schemas it refers to under $defs. MCP wants an object at the root: a union of objects says so,
 * and a list is wrapped under `days`.
 */
function outputSchemaOf(resource: ResourceName): { readonly schema: NonNullable<Tool['outputSchema']>; readonly listKey?: string } {
  const $defs: Record<string, unknown> = {};
  // Object.entries leaves out TypeBox's symbol-keyed metadata: plain JSON comes out.
  const local = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(local);
    if (typeof node !== 'object' || node === null) return node;
    return Object.fromEntries(
      Object.entries(node).map(([key, value]) => {
        if (key !== '$ref' || typeof value !== 'string' || !value.startsWith(COMPONENT_REF)) return [key, local(value)];
        const name = value.slice(COMPONENT_REF.length) as ResourceName;
        if (!(name in $defs)) {
          $defs[name] = {};
          $defs[name] = local(RESOURCE_SCHEMAS[name]);
        }
        return [key, `#/$defs/${name}`];
      }),
    );
  };
  const root = local(RESOURCE_SCHEMAS[resource]) as Record<string, unknown>;
  const defs = Object.keys($defs).length === 0 ? {} : { $defs };
  if (root.type === 'array') {
    const listKey = 'days';
    return { listKey, schema: { type: 'object', properties: { [listKey]: root }, required: [listKey], additionalProperties: false, ...defs } };
  }
  return { schema: { ...root, type: 'object', ...defs } };
}
