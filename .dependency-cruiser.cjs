/**
 * The import rules `npm run lint` holds the packages to (dependency-cruiser): no import circle; the
 * calendar core (packages/core) and the library (packages/calendar) reaching nothing of the
 * service and no npm package (ical-generator, the library's optional peer, loaded on demand,
 * aside), since the library bundles the core; the core reaching nothing of the library; and the
 * service reaching the engine through the core's workspace only, never through the library.
 * @type {import('dependency-cruiser').IConfiguration}
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import circle: modules that can only be understood, tested and loaded together.',
      from: {},
      to: { circular: true },
    },
    // The service's HTTP rooms, bottom to top: the kernel every route uses (http/kernel), the
    // operation records (http/operations), the operators' routes and the app (http/ops), the MCP
    // room (http/mcp), the pages and the OpenAPI document (http/docs), and the route table with its
    // context (the files at http/'s top). Each room imports only rooms below it.
    {
      name: 'http-kernel-at-the-bottom',
      severity: 'error',
      comment: 'The kernel (problems, response policy, answer writer, service route, ...) is what every HTTP room uses: it imports none of them.',
      from: { path: '^packages/service/src/http/kernel/' },
      to: { path: '^packages/service/src/http/', pathNot: '^packages/service/src/http/kernel/' },
    },
    {
      name: 'http-operations-below-the-routes',
      severity: 'error',
      comment: 'The operation records sit on the kernel; the operators routes, MCP, the pages and the route table build on them, not the other way.',
      from: { path: '^packages/service/src/http/operations/' },
      to: { path: '^packages/service/src/http/', pathNot: '^packages/service/src/http/(kernel|operations)/' },
    },
    {
      name: 'http-ops-below-mcp-and-docs',
      severity: 'error',
      comment: "The operators' routes and the app (http/ops) use the kernel and the operation records only: the pages, MCP and the route table come above them.",
      from: { path: '^packages/service/src/http/ops/' },
      to: { path: '^packages/service/src/http/', pathNot: '^packages/service/src/http/(kernel|operations|ops)/' },
    },
    {
      name: 'http-mcp-below-docs',
      severity: 'error',
      comment: 'The MCP room (tools, servers, the POST /mcp endpoint) may use the rooms below it; the pages name its endpoint, so it must not reach up to them or to the route table.',
      from: { path: '^packages/service/src/http/mcp/' },
      to: { path: '^packages/service/src/http/', pathNot: '^packages/service/src/http/(kernel|operations|ops|mcp)/' },
    },
    {
      name: 'http-docs-below-the-route-table',
      severity: 'error',
      comment: 'The pages and the OpenAPI document are handed the route table (openapi-route.ts); they never import it or its context.',
      from: { path: '^packages/service/src/http/docs/' },
      to: { path: '^packages/service/src/http/[^/]+$' },
    },
    {
      name: 'http-rooms-no-folder-circle',
      severity: 'error',
      comment: 'No circle between the HTTP rooms as folders (scripts/folder-graph.ts prints the graph): two rooms that need each other are one room, or need a third below both.',
      scope: 'folder',
      from: { path: '^packages/service/src/http' },
      to: { path: '^packages/service/src/http', circular: true },
    },
    {
      name: 'engine-carries-no-service',
      severity: 'error',
      comment: 'The library package, and the core it bundles, are installed without the service: they must not import it.',
      from: { path: '^packages/(calendar|core)/' },
      to: { path: '^packages/service/' },
    },
    {
      name: 'core-below-library',
      severity: 'error',
      comment: 'The core is what the library and the service share: it must not reach up into the library.',
      from: { path: '^packages/core/' },
      to: { path: '^packages/calendar/' },
    },
    {
      name: 'service-through-core-only',
      severity: 'error',
      comment:
        "The service reaches the engine through the core's workspace (@china-holiday-calendar/core), never through the library package: its internals are not public, and its public face is for users.",
      from: { path: '^packages/service/' },
      to: { path: '^packages/calendar/' },
    },
    {
      name: 'library-has-no-dependencies',
      severity: 'error',
      comment: 'The library package, which bundles the core, installs with no dependency; only its optional peer ical-generator is loaded on demand.',
      from: { path: '^packages/(calendar|core)/src/' },
      to: {
        dependencyTypes: ['npm', 'npm-dev', 'npm-peer', 'npm-optional', 'npm-no-pkg', 'npm-unknown'],
        pathNot: ['node_modules/ical-generator/', '^packages/core/'],
      },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|build)/' },
    tsPreCompilationDeps: true,
    combinedDependencies: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { conditionNames: ['@china-holiday-calendar/source', 'import', 'types', 'default'], exportsFields: ['exports'] },
  },
};
