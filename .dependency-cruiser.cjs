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
    // The data folder's rooms (docs/design.md, "Data sources"): each points down only, so that the
    // folder's owner can be read, tested and replaced alone.
    {
      name: 'data-folder-imports-no-room',
      severity: 'error',
      comment: 'The data folder (src/data-folder/) is the bottom of the service: the reader, the writer, sync and the commands hold its handle; it knows none of them.',
      from: { path: '^packages/service/src/data-folder/' },
      to: { path: '^packages/service/src/', pathNot: '^packages/service/src/data-folder/' },
    },
    {
      name: 'settings-import-only-the-data-folder',
      severity: 'error',
      comment: 'The settings (src/settings/) are read by every room; they reach only the data folder (its key files and seal defaults).',
      from: { path: '^packages/service/src/settings/' },
      to: { path: '^packages/service/src/', pathNot: '^packages/service/src/(settings|data-folder)/' },
    },
    {
      name: 'outbound-imports-only-settings',
      severity: 'error',
      comment: 'The untrusted-HTTP client and its checks (src/outbound/) serve sync, the reader and the webhooks; they reach only the settings (the version in the user agent).',
      from: { path: '^packages/service/src/outbound/' },
      to: { path: '^packages/service/src/', pathNot: '^packages/service/src/(outbound|settings|data-folder)/' },
    },
    {
      name: 'reader-imports-no-writer-nor-sync',
      severity: 'error',
      comment: 'The reader (src/reader/) follows an origin; it writes nothing but its cache, and knows nothing of the writer, sync or the HTTP rooms.',
      from: { path: '^packages/service/src/reader/' },
      to: { path: '^packages/service/src/', pathNot: '^packages/service/src/(reader|data-folder|outbound|settings)/' },
    },
    {
      name: 'sync-imports-no-writer',
      severity: 'error',
      comment: 'Sync (src/sync/: sources, fetching, the importer thread, the run, the schedule) lies below the writer, which hands it what keeps its record and sends its events.',
      from: { path: '^packages/service/src/sync/' },
      to: { path: '^packages/service/src/', pathNot: '^packages/service/src/(sync|importer|data-folder|outbound|settings)/' },
    },
    {
      name: 'sync-sources-below-the-run',
      severity: 'error',
      comment: "A notice source (src/sync/sources/) is used by sync's run; it never reaches back up into it.",
      from: { path: '^packages/service/src/sync/sources/' },
      to: { path: '^packages/service/src/sync/[^/]+$' },
    },
    {
      name: 'writer-imports-no-reader-nor-serving',
      severity: 'error',
      comment: 'The writer (src/writer/: webhooks, its state, dataset events, the re-seal) sits above sync and below the serving process; it knows no reader and no HTTP room.',
      from: { path: '^packages/service/src/writer/' },
      to: { path: '^packages/service/src/', pathNot: '^packages/service/src/(writer|sync|importer|data-folder|outbound|settings)/' },
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
