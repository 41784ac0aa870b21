# One image for both processes: `node dist/apps/api/src/main.js` (api) and
# `node dist/apps/projector/src/main.js` (projector). Benches and test helpers stay out: the build
# compiles only apps/*/src and libs/*/src, and the runtime stage gets dist and production packages.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN npm ci --loglevel=warn --no-audit --no-fund
COPY tsconfig.json .swcrc nest-cli.json ./
COPY apps ./apps
COPY libs ./libs
RUN npm run build && npm prune --omit=dev --loglevel=warn

FROM node:24-bookworm-slim
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY package.json ./
USER node
EXPOSE 3000
CMD ["node", "dist/apps/api/src/main.js"]
