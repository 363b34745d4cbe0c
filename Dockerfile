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
RUN npx nx run-many -t build && npm prune --omit=dev

FROM node:${NODE_VERSION}-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production DATA_DIR=/data HOST=0.0.0.0
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules node_modules
COPY --from=build /app/backend/package.json backend/
COPY --from=build /app/backend/dist backend/dist
COPY --from=build /app/frontend/dist frontend/dist
RUN mkdir -p /data /erasure-ledger && chown node:node /data /erasure-ledger
USER node
EXPOSE 3000
# node itself is process 1 and gets the orchestrator's SIGTERM: it stops gracefully (see
# docs/operations.md, Stopping) and exits 0. A young generation of 64 MB semi-spaces: see
# docs/operations.md, Node version (a scavenge of the default one every 50 ms held each request).
CMD ["node", "--max-semi-space-size=64", "backend/dist/main.js"]
