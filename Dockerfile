# syntax=docker/dockerfile:1
#
# One image for every instance of the app: the standalone server of `npm run build` on Node.js 24, configured entirely
# by its environment (README, "Deploying: one image, several instances"). Docker does not run on the development
# machines: CI builds the same standalone output and runs the integration journeys against `node server.js` as this
# image starts it; the image itself is built and run elsewhere:
#
#   docker build -t homeowner-dashboard .
#   docker run --rm -p 3000:3000 -v homeowner-data:/data homeowner-dashboard    # one instance, embedded defaults
#   docker compose up --build                                                  # two instances, PostgreSQL, Redis (compose.yaml)

ARG NODE_IMAGE=node:24-bookworm-slim

# Dependencies, dev ones included (the build needs them); their own layer, rebuilt only when the lock file changes.
# `npm install` with the lock file, as CI does: the lock pins every version, and lacks other platforms' optional
# binaries, which `npm ci` would refuse.
FROM ${NODE_IMAGE} AS deps
WORKDIR /src
COPY package.json package-lock.json ./
RUN npm install --no-audit --no-fund

# The build: `next build`, then scripts/complete-standalone.mjs, which copies the static files and public/ into
# .next/standalone, bundles the migrate command and checks that every file read at run time is there.
FROM ${NODE_IMAGE} AS build
WORKDIR /src
ENV NEXT_TELEMETRY_DISABLED=1
COPY --from=deps /src/node_modules ./node_modules
COPY . .
RUN npm run build

# The runtime: the standalone folder alone (no npm install, no dev dependency, no source), run by an unprivileged user
# that cannot write to it.
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    NEXT_TELEMETRY_DISABLED=1 \
    PORT=3000 \
    HOSTNAME=0.0.0.0 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=build /src/.next/standalone ./
# Next.js may keep a cache under .next/cache; DATA_DIR holds embedded PGlite's data when there is no DATABASE_URL.
RUN mkdir -p /app/.next/cache /data && chown node:node /app/.next/cache /data
USER node
VOLUME /data
EXPOSE 3000
# Readiness: 200 once the start-up is done and the database (with this build's schema), the cache and the property
# data service answer; 503 while it waits for migrations, when one of them fails, and from SIGTERM on. Slim images have
# no curl: Node's own fetch.
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/api/health?deep=1`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# As `npm start` runs it (package.json, where the Node flags are set and measured). SIGTERM: readiness 503 at once,
# SHUTDOWN_DELAY_SECONDS (5) of serving on, then the drain; give the container a stop timeout of 30 s.
CMD ["node", "--max-semi-space-size=64", "server.js"]
