#!/bin/sh
# What `make test-image` needs from Debian's packages: podman (builds the Dockerfile; no Docker
# engine runs on the test machines) and debootstrap (makes the debian:bookworm-slim base from
# Debian's packages, since no registry image can be pulled there); caddy, to check the
# Caddyfile of docs/deploy.md (`caddy validate`); pipx, for its `pipx install .`;
# docker-compose (Debian 12's Compose 1.29, the Raspberry Pi's: its commands' options and its
# reading of compose.yaml are checked; no Docker engine is needed for that). Installed
# when missing and when this is root or has sudo; the image test says LOUDLY that it was skipped otherwise.
set -u
pkgs="podman debootstrap caddy pipx docker-compose"
missing=""
for p in $pkgs; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || missing="$missing $p"
done
[ -z "$(echo "$missing" | tr -d ' ')" ] && exit 0
command -v apt-get >/dev/null 2>&1 || { echo "no apt-get here to install:$missing"; exit 1; }
if [ "$(id -u)" -eq 0 ]; then
  sudo=""
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
  sudo="sudo"
else
  echo "not root and no sudo: cannot install$missing"
  exit 1
fi
echo "Installing system packages for the image test:$missing"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -q && $sudo apt-get install -y -q --no-install-recommends $missing
