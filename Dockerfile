# China holiday calendar service: container image.
#
#   docker build -t china-calendar .
#   docker run --rm -p 8080:8080 -e PUBLIC_URL=http://localhost:8080 china-calendar
#
# Two stages on the same base. `build` installs the npm workspace, compiles the calendar core
# (packages/core) and the service (packages/service) to their dist/ folders, bundles the service's
# CLI from them (packages/service/dist/bundle, scripts/build-service.ts) and then drops the
# devDependencies; `runtime` receives only what `node packages/service/dist/bundle/cli.js serve` reads:
# both packages' package.json and dist/, the core's data/ and docs/, and the production
# node_modules, where @china-holiday-calendar/core is the workspace's symbolic link to
# packages/core. Every path stays where it was in the build stage, so that link still points at
# the core. The published library (packages/calendar) is not part of the image: the service
# answers from the core. test/deploy/dockerfile.test.ts checks this file against
# the packages and the server's real configuration; test/deploy/image.slow-test.ts runs its steps.

# Node 26, the Active LTS line, on Debian 13 "trixie" (README, "Which Node").
ARG NODE_IMAGE=node:26-trixie-slim

# ---------------------------------------------------------------------------------------------
FROM ${NODE_IMAGE} AS build
WORKDIR /app

# Dependencies first, so that a source change does not re-run the install. No install scripts:
# the build needs only tsc, and one dependency's post-install script (swagger-ui-dist's @scarf/scarf)
# would report the install to a third party.
COPY package.json package-lock.json ./
COPY packages/core/package.json ./packages/core/
COPY packages/calendar/package.json ./packages/calendar/
COPY packages/service/package.json ./packages/service/
RUN npm ci --ignore-scripts --no-audit --no-fund

# The two packages' own build scripts (tsc -b of their tsconfig.build.json, and for the service
# the bundle of its CLI by esbuild), the core first; then the devDependencies go, and the workspace
# links in node_modules stay.
COPY tsconfig.base.json ./
COPY packages/core/tsconfig.build.json ./packages/core/
COPY packages/core/src ./packages/core/src
COPY packages/service/tsconfig.build.json ./packages/service/
COPY packages/service/src ./packages/service/src
COPY scripts/build-service.ts ./scripts/
RUN npm run build -w packages/core -w packages/service \
 && npm prune --omit=dev --ignore-scripts --no-audit --no-fund

COPY packages/core/data ./packages/core/data
COPY packages/core/docs ./packages/core/docs
# No image with data the service would refuse: the same checks as `npm run validate`.
RUN node packages/service/dist/bundle/cli.js validate packages/core/data
# Whatever the umask of the checkout, everything is readable (and directories traversable) by the
# unprivileged user and writable by nobody but root: the process cannot change its own code or data.
RUN chmod -R a+rX,go-w node_modules packages

# ---------------------------------------------------------------------------------------------
FROM ${NODE_IMAGE} AS runtime

LABEL org.opencontainers.image.title="china-holiday-calendar" \
      org.opencontainers.image.description="Mainland-China working day / rest day calendar under the State Council's official holiday arrangements" \
      org.opencontainers.image.licenses="MIT"

# HOST must be 0.0.0.0 in a container: the default 127.0.0.1 is unreachable from outside it.
# Set PUBLIC_URL at run time to the address clients use (it is the base of the problem `type` URIs).
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8080

WORKDIR /app
# Owned by root, readable by everyone: works with a read-only root file system. The service reads
# its version from its package.json, and the core its data from packages/core/data.
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/packages/core/package.json ./packages/core/package.json
COPY --from=build /app/packages/core/dist ./packages/core/dist
COPY --from=build /app/packages/core/data ./packages/core/data
COPY --from=build /app/packages/core/docs ./packages/core/docs
COPY --from=build /app/packages/service/package.json ./packages/service/package.json
COPY --from=build /app/packages/service/dist ./packages/service/dist

# The official image's unprivileged `node` user, numerically so that Kubernetes' runAsNonRoot can
# verify it without a runAsUser.
USER 1000:1000

EXPOSE 8080

# No curl in the slim image: Node's own fetch. Liveness only (/healthz); readiness (/readyz) is
# the orchestrator's business, and a service without data must not be restarted in a loop.
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/healthz',{signal:AbortSignal.timeout(4000)}).then((r)=>process.exit(r.ok?0:1),()=>process.exit(1))"]

# The service stops accepting, finishes the requests in flight and exits on SIGTERM.
STOPSIGNAL SIGTERM
# Exec form: node receives the signal itself (the base image's entrypoint script execs it).
CMD ["node", "packages/service/dist/bundle/cli.js", "serve"]
