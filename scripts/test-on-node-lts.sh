#!/usr/bin/env bash
# Runs the backend's suites (unit, API, crash and shutdown), or the bench, on the Node LTS named
# in .nvmrc, the runtime the Docker image ships, besides the machine's own Node that `npm test`
# and `npm run bench` use.
#
#   test-on-node-lts.sh [jest options]      prepares the LTS, then runs the suites on it
#   test-on-node-lts.sh --prepare-into DIR  only prepares it, into DIR (CI does this while
#                                           `npm test` runs: the build takes about 2 minutes)
#   NODE_LTS_PREPARED=DIR test-on-node-lts.sh [jest options]
#                                           runs the suites on what --prepare-into left in DIR
#   test-on-node-lts.sh --bench [bench options]
#                                           runs the bench (backend/dist-bench/bench/run-bench.js,
#                                           built first: `npm run bench:lts` builds it) on the LTS
#                                           instead of the suites; NODE_LTS_PREPARED works too
#
# The binary and its headers come from the npm registry's node package (node-<os>-<arch>), and
# nothing else is downloaded. better-sqlite3 is a V8 addon built per Node ABI: it is built for the
# LTS in a copy of its package (so the machine's install keeps working while it builds), and put
# in place only for the LTS run; the machine's build is put back afterwards however the run ends
# (a copy is kept aside and restored by a trap). The N-API addons (sharp, @node-rs/argon2,
# @swc/core) load on any Node and need nothing.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)

version=$(tr -d ' \nv' < .nvmrc)
case "$(uname -m)" in
  x86_64 | amd64) arch=x64 ;;
  aarch64 | arm64) arch=arm64 ;;
  *) echo "No node package for the $(uname -m) processor" >&2 && exit 1 ;;
esac
os=$(uname -s | tr '[:upper:]' '[:lower:]')
package="node-$os-$arch@$version"

# Absolute paths: the trap may run from another directory.
package_dir=$root/node_modules/better-sqlite3
addon_dir=$package_dir/build/Release
addon=$addon_dir/better_sqlite3.node
if [ ! -f "$addon" ]; then
  echo "$addon is missing: run npm install first" >&2
  exit 1
fi

# Where a prepared folder holds the LTS (its bin/ and include/) and the addon built for it.
lts_home() { echo "$1/node/node_modules/node-$os-$arch"; }
lts_addon() { echo "$1/better-sqlite3/build/Release/better_sqlite3.node"; }

# Fetches the LTS into $1/node and builds better-sqlite3 for it into $1/better-sqlite3, a copy of
# the package without its build; leaves $1/ready when both are done.
prepare() {
  local into=$1
  local started=$SECONDS
  # npm's own node-gyp, found from npm itself (npm-cli.js sits in npm/bin/).
  local node_gyp
  node_gyp="$(dirname "$(readlink -f "$(command -v npm)")")/../node_modules/node-gyp/bin/node-gyp.js"
  if [ ! -f "$node_gyp" ]; then
    echo "node-gyp not found beside npm (looked for $node_gyp)" >&2
    return 1
  fi
  echo "Fetching Node $version ($package) from the npm registry"
  (cd "$into" && npm install --no-save --no-package-lock --no-audit --no-fund --loglevel=error \
    --prefix "$into/node" "$package")
  local lts
  lts=$(lts_home "$into")

  echo "Building better-sqlite3 for Node $version"
  mkdir -p "$into/better-sqlite3"
  (cd "$package_dir" && tar --exclude=./build -cf - .) | (cd "$into/better-sqlite3" && tar -xf -)
  if ! (cd "$into/better-sqlite3" &&
    npm_config_nodedir="$lts" PATH="$lts/bin:$PATH" node "$node_gyp" rebuild --release \
      --nodedir="$lts" --jobs "$(nproc 2>/dev/null || echo 2)" > "$into/build.log" 2>&1); then
    tail -n 40 "$into/build.log" >&2
    echo "better-sqlite3 did not build for Node $version" >&2
    return 1
  fi
  touch "$into/ready"
  echo "Ready in $((SECONDS - started)) s"
}

if [ "${1:-}" = "--prepare-into" ]; then
  [ -n "${2:-}" ] || { echo "--prepare-into needs a directory" >&2 && exit 2; }
  mkdir -p "$2"
  prepare "$(cd "$2" && pwd)"
  exit
fi

work=$(mktemp -d)
cp "$addon" "$work/machine-build.node"
machine_path=$PATH
restore() {
  export PATH=$machine_path
  mkdir -p "$addon_dir"
  # A new file rather than a write into the old one, which may be a hard link elsewhere.
  rm -f "$addon"
  cp "$work/machine-build.node" "$addon"
  rm -rf "$work"
  if (cd "$root" && node -e "new (require('better-sqlite3'))(':memory:').close()"); then
    echo "better-sqlite3 is built for this machine's Node ($(node --version)) again"
  else
    echo "better-sqlite3 does not load on this machine's Node: run npm rebuild better-sqlite3" >&2
  fi
}
trap restore EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

prepared=${NODE_LTS_PREPARED:-}
if [ -n "$prepared" ]; then
  if [ ! -f "$prepared/ready" ]; then
    echo "$prepared holds no prepared Node $version (see --prepare-into)" >&2
    exit 1
  fi
  echo "Node $version and its better-sqlite3 prepared in $prepared"
else
  prepared=$work/lts
  mkdir -p "$prepared"
  prepare "$prepared"
fi
export PATH="$(lts_home "$prepared")/bin:$PATH"
rm -f "$addon"
cp "$(lts_addon "$prepared")" "$addon"

if [ "${1:-}" = "--bench" ]; then
  shift
  echo "Bench on Node $(node --version) (the LTS in .nvmrc)"
  (cd "$root" && node backend/dist-bench/bench/run-bench.js "$@")
  exit
fi

echo "Backend suites on Node $(node --version) (the LTS in .nvmrc)"
(cd "$root/backend" && node "$root/node_modules/jest/bin/jest.js" --ci "$@")
