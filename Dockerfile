# China holiday calendar service: container image.
#
#   docker build -t china-calendar .
#   docker run --rm -p 8080:8080 -e PUBLIC_URL=http://localhost:8080 china-calendar
#
# Two stages on the same base: `build` installs every dependency, compiles TypeScript to dist/
# and then drops the devDependencies; `runtime` receives only what `node dist/src/cli.js serve`
# reads: dist/, data/, docs/, package.json (the service reads its version from it) and the
# production node_modules. test/deploy/dockerfile.test.ts checks this file against the server's
# real configuration.

# Node 24 LTS, the supported line the service targets (README, "Which Node").
ARG NODE_IMAGE=node:24-bookworm-slim

# ---------------------------------------------------------------------------------------------
FROM ${NODE_IMAGE} AS build
WORKDIR /app

# Dependencies first, so that a source change does not re-run the install. No install scripts:
# the build needs only tsc, and one dependency's post-install script (swagger-ui-dist's @scarf/scarf)
# would report the install to a third party.
COPY package.json package-lock.json ./
RUN npm ci --ignore-scripts --no-audit --no-fund

COPY tsconfig.json tsconfig.build.json ./
COPY src ./src
RUN npm run build \
 && npm prune --omit=dev --ignore-scripts --no-audit --no-fund

COPY data ./data
COPY docs ./docs
# No image with data the service would refuse: the same checks as `npm run validate`.
RUN node dist/src/cli.js validate data
# Whatever the umask of the checkout, everything is readable (and directories traversable) by the
# unprivileged user and writable by nobody but root: the process cannot change its own code or data.
RUN chmod -R a+rX,go-w package.json node_modules dist data docs

# ---------------------------------------------------------------------------------------------
FROM ${NODE_IMAGE} AS runtime

LABEL org.opencontainers.image.title="china-holiday-calendar" \
      org.opencontainers.image.description="Mainland-China working day / rest day calendar under the State Council's official holiday arrangements" \
      org.opencontainers.image.licenses="MIT"

# HOST must be 0.0.0.0 in a container: the default 127.0.0.1 is unreachable from outside it.
# Set PUBLIC_URL at run time to the address clients use (it is the base of the problem `type` URIs).
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8080

WORKDIR /app
# Owned by root, readable by everyone: works with a read-only root file system.
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/data ./data
COPY --from=build /app/docs ./docs

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
CMD ["node", "dist/src/cli.js", "serve"]
