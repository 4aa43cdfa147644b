# syntax=docker/dockerfile:1
# crema's container image (docs/deploy.md). Not built on the machines this repository was written
# on (no Docker daemon there): its start sequence, scripts/serve.sh, is what CI runs and tests.

# ---- build: compile the server (tsc -> dist/server), the spec as JSON (dist/openapi.json) and the dashboard (vite -> dist/dashboard)
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
# Install scripts stay off (package.json `allowScripts`): onnxruntime-node and sharp ship their
# CPU binaries in their packages; `prepare` (the build) runs below, once the sources are in.
RUN npm ci --no-audit --no-fund --ignore-scripts
COPY . .
RUN npm run build

# ---- runtime: production dependencies, the built JavaScript and the bundled weights only
FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    CACHE_DIR=/cache \
    DATA_DIR=/data/pglite
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN npm ci --omit=dev --no-audit --no-fund --ignore-scripts && npm cache clean --force
COPY --from=build /app/dist/server ./dist/server
COPY --from=build /app/dist/dashboard ./dist/dashboard
COPY --from=build /app/dist/openapi.json ./dist/openapi.json
COPY openapi.yaml ./
COPY models ./models
COPY scripts/serve.sh ./scripts/serve.sh
# The only folders crema writes to: CACHE_DIR (fp32 twins, the served-format choice) and, without
# DATABASE_URL, the embedded database. Everything else may be read-only (`read_only: true`).
RUN mkdir -p /cache /data && chown node:node /cache /data
VOLUME ["/cache", "/data"]
USER node
EXPOSE 8080
# /health is liveness (the process answers); /health/ready turns 200 once the networks are warm
# and 503 from the first SIGTERM, which is what a load balancer should route on.
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# SHUTDOWN_DELAY_MS (5 s) + SHUTDOWN_GRACE_MS (125 s by default) + 3 s + up to 10 s for the engine
# workers: give the container 150 s to stop (compose stop_grace_period, Kubernetes
# terminationGracePeriodSeconds, docker stop -t).
STOPSIGNAL SIGTERM
CMD ["sh", "scripts/serve.sh"]
