#!/bin/sh
# Makes a local stand-in for the `node:20-bookworm-slim` base image, for machines whose Docker cannot reach
# Docker Hub (`docker build` then fails at `FROM node:20-bookworm-slim`). With Docker Hub reachable this script
# is not needed: `docker build -t ratebook .` pulls the official image.
#
# The stand-in is what the Dockerfile relies on in the official image: Debian bookworm, Node.js 20 with npm in
# /usr/local, ca-certificates, and a `node` user (uid/gid 1000, home /home/node). It is built from a debootstrap
# minbase root filesystem plus this machine's own Node.js 20 (binary and npm), then `docker import`ed under the
# official tag, so the Dockerfile stays unchanged.
#
# Needs: root, debootstrap, a Debian mirror, Node.js 20 on this machine (linked against glibc like Debian
# bookworm's), and a running Docker daemon. Usage: sudo scripts/docker-local-base.sh
# Environment: ROOTFS (work folder, removed at the end), MIRROR (Debian mirror), TAG (image tag to make),
# EXTRA_CA_DIR (this machine's own certificate authorities, default /usr/local/share/ca-certificates: behind a
# TLS-intercepting proxy `npm ci` in the build fails with SELF_SIGNED_CERT_IN_CHAIN unless the image trusts them).
set -eu

ROOTFS=${ROOTFS:-/tmp/ratebook-node-rootfs}
MIRROR=${MIRROR:-http://deb.debian.org/debian}
TAG=${TAG:-node:20-bookworm-slim}
EXTRA_CA_DIR=${EXTRA_CA_DIR:-/usr/local/share/ca-certificates}

node_bin=$(command -v node)
node_version=$("$node_bin" -v)
case "$node_version" in
  v20.*) ;;
  *) echo "need Node.js 20 on this machine, found $node_version" >&2; exit 1 ;;
esac
npm_dir=$(npm root -g)/npm
[ -f "$npm_dir/bin/npm-cli.js" ] || { echo "npm not found at $npm_dir" >&2; exit 1; }
node_headers=$(dirname "$(dirname "$(readlink -f "$node_bin")")")/include/node
[ -f "$node_headers/node_api.h" ] || { echo "Node.js headers not found at $node_headers" >&2; exit 1; }

# A leftover folder from an interrupted run would make debootstrap fail half-way.
rm -rf "$ROOTFS"
debootstrap --variant=minbase --include=ca-certificates bookworm "$ROOTFS" "$MIRROR"

# Same places as the official image: node and npm under /usr/local.
install -m 0755 "$node_bin" "$ROOTFS/usr/local/bin/node"
mkdir -p "$ROOTFS/usr/local/lib/node_modules"
cp -a "$npm_dir" "$ROOTFS/usr/local/lib/node_modules/npm"
ln -s ../lib/node_modules/npm/bin/npm-cli.js "$ROOTFS/usr/local/bin/npm"
ln -s ../lib/node_modules/npm/bin/npx-cli.js "$ROOTFS/usr/local/bin/npx"
# The C++ headers, as in the official image, so node-gyp compiles better-sqlite3 without downloading them from
# nodejs.org (npm_config_nodedir below points it here; its prebuilt binary comes from GitHub, often unreachable too).
cp -a "$node_headers" "$ROOTFS/usr/local/include/node"

# Node.js reads its own CA list, not the system's: NODE_EXTRA_CA_CERTS (set below) adds the system bundle.
if ls "$EXTRA_CA_DIR"/*.crt >/dev/null 2>&1; then
  cp "$EXTRA_CA_DIR"/*.crt "$ROOTFS/usr/local/share/ca-certificates/"
  chroot "$ROOTFS" update-ca-certificates
fi

chroot "$ROOTFS" groupadd --gid 1000 node
chroot "$ROOTFS" useradd --uid 1000 --gid node --shell /bin/bash --create-home node
# Like the official slim images: no package lists or caches in the base layer.
chroot "$ROOTFS" apt-get clean
rm -rf "$ROOTFS"/var/lib/apt/lists/* "$ROOTFS"/var/cache/apt/*.bin "$ROOTFS"/tmp/* "$ROOTFS"/var/log/*.log

tar -C "$ROOTFS" -c . | docker import \
  --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
  --change 'ENV npm_config_nodedir=/usr/local' \
  --change 'ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt' \
  --change "ENV NODE_VERSION=${node_version#v}" \
  --change 'CMD ["node"]' \
  --message "local stand-in for node:20-bookworm-slim (debootstrap bookworm + Node.js $node_version)" \
  - "$TAG"
rm -rf "$ROOTFS"
docker run --rm "$TAG" sh -c 'node -v && npm -v && id node'
