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
