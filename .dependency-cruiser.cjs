/**
 * The import rules `npm run lint` holds the packages to (dependency-cruiser): no import circle,
 * and the library package (packages/calendar) reaching nothing of the service and no npm package
 * at all (ical-generator, its optional peer, loaded on demand, aside).
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
      name: 'library-carries-no-service',
      severity: 'error',
      comment: 'The library package is installed without the service: it must not import it.',
      from: { path: '^packages/calendar/' },
      to: { path: '^packages/service/' },
    },
    {
      name: 'library-has-no-dependencies',
      severity: 'error',
      comment: 'The library package installs with no dependency; only its optional peer ical-generator is loaded on demand.',
      from: { path: '^packages/calendar/src/' },
      to: { dependencyTypes: ['npm', 'npm-dev', 'npm-peer', 'npm-optional', 'npm-no-pkg', 'npm-unknown'], pathNot: 'node_modules/ical-generator/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)dist/' },
    tsPreCompilationDeps: true,
    combinedDependencies: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { conditionNames: ['@china-holiday-calendar/source', 'import', 'types', 'default'], exportsFields: ['exports'] },
  },
};
