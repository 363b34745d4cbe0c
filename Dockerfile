# One image for both roles (ROLE=api or ROLE=worker).
# The Node LTS the image ships: the version in .nvmrc, which CI tests (npm run test:lts).
ARG NODE_VERSION=26.10.0

FROM node:${NODE_VERSION}-bookworm-slim AS build
WORKDIR /app
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
COPY backend/package.json backend/
COPY frontend/package.json frontend/
RUN npm ci --no-audit --no-fund
COPY . .
# The production build (no bench, no tests), then the workspace pruned as npm lays it out, then
# the runtime files staged from the one list the image test also assembles and starts
# (scripts/runtime-files.txt; backend/test/image/runtime-stage.spec.ts).
RUN npx nx run-many -t build && npm prune --omit=dev \
  && node scripts/stage-runtime.mjs /app /runtime

FROM node:${NODE_VERSION}-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production DATA_DIR=/data HOST=0.0.0.0
COPY --from=build /runtime ./
RUN mkdir -p /data /erasure-ledger && chown node:node /data /erasure-ledger
USER node
EXPOSE 3000
# node itself is process 1 and gets the orchestrator's SIGTERM: it stops gracefully (see
# docs/operations.md, Stopping) and exits 0.
CMD ["node", "backend/dist/main.js"]
