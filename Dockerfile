# One image for both processes: the api (`node dist/apps/api/src/main.js`, the default) and the
# projector (`node dist/apps/projector/src/main.js`). On its own it runs in embedded mode:
#   docker run -p 3000:3000 <image>     (state in the /app/data volume; the first start prints a key)

# Build: every dependency (swc, TypeScript, Vite), then the servers (apps/*/src, libs/*/src) into
# dist/ and the web app (apps/web) into dist/web, which the api serves at /.
FROM node:24-bookworm-slim AS build
WORKDIR /app
ENV SCARF_ANALYTICS=false
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json .swcrc nest-cli.json ./
COPY scripts ./scripts
COPY apps ./apps
COPY libs ./libs
RUN npm run build

# Runtime: the base image's Node 24 and production dependencies only. The project's pinned `node`
# package is a dev dependency (it gives `npm start` Node 24 anywhere) and stays out. No install
# script is needed at runtime (SQLite is built into Node; the gRPC and MongoDB clients are plain JS).
FROM node:24-bookworm-slim
ENV NODE_ENV=production DATA_DIR=/app/data
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
# Owned by the user the processes run as before it is declared a volume: a new volume starts as a
# copy of it (ownership included), and changes after VOLUME would be discarded. Code stays root's.
RUN mkdir -p /app/data && chown node:node /app/data
VOLUME ["/app/data"]
USER node
EXPOSE 3000
# The api's readiness (both stores answer). The projector container replaces it with its heartbeat
# check (see docker-compose.yml).
HEALTHCHECK --interval=10s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# A young generation of 64 MB per semi-space (V8's default grows to 16): a fifth as many scavenges,
# whose pauses showed in the tail of projection lag; and no memory reducer, whose full collection
# after a quiet spell paused the first requests that followed (see docs/operations.md, "Runtime flags").
CMD ["node", "--min-semi-space-size=64", "--max-semi-space-size=64", "--no-memory-reducer", "dist/apps/api/src/main.js"]
