#!/usr/bin/env bash
# `npm run test:servers`: the store contract suites and the API suites against a real
# EventStoreDB and a MongoDB replica set (docker-compose.yml's images), started here with
# docker-compose.test.yml and removed afterwards. Each test app gets a database of its own and
# its own streams (test/support/test-app.ts, TEST_STORES=servers). Needs a Docker engine: without
# one it says so and changes nothing.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v docker >/dev/null 2>&1 || ! docker info >/dev/null 2>&1; then
  echo "test:servers skipped: no Docker engine on this machine (the server suites need EventStoreDB and MongoDB containers)"
  exit 0
fi

compose=(docker compose -p solescore-test -f docker-compose.yml -f docker-compose.test.yml)
trap '"${compose[@]}" down --volumes --remove-orphans >/dev/null 2>&1 || true' EXIT
"${compose[@]}" up -d --wait eventstore mongo

export EVENTSTORE_URL='esdb://127.0.0.1:2113?tls=false'
export MONGODB_URL='mongodb://127.0.0.1:27017/?replicaSet=rs0&directConnection=true'
export TEST_STORES=servers
# The adapters' own suites (they run only with these URLs set), the store contracts, then the
# API suites on the servers.
cd backend
npx jest --runInBand \
  src/infrastructure/event-store src/infrastructure/read-store src/infrastructure/personal-data \
  test/api
