#!/bin/sh
# `make test-image`: builds the Dockerfile with podman and checks the image it makes, from its
# own files, as a club would run it (tests/image/test_image.py says what is checked).
#
# No registry image can be pulled on the test machines and no container can run there (crun
# cannot set its limits), so:
#   - the base, debian:bookworm-slim, is made locally with debootstrap from Debian's packages
#     (the mirror apt already uses) and imported under that name: the Dockerfile is not changed
#     for the test;
#   - the build is docs/deploy.md's (read from it) with --isolation=chroot and --pull=never;
#     pip inside it gets this machine's CA bundle (pip's `cert` setting) through the build-time
#     volume and the PIP_CERT build argument the docs show, and the index pip is configured
#     with (if one is set) through PIP_INDEX_URL;
#   - the test starts the server from the image's own file system (a container created, not
#     run, and mounted), chrooted as the image's user, with its entrypoint and environment and
#     compose.yaml's settings, as `docker compose up` would (tests/image/test_image.py).
# Where podman or debootstrap is missing or cannot work, the test is SKIPPED, and says so
# loudly; a Dockerfile that does not build, or an image that fails a check, fails.
set -eu
cd "$(dirname "$0")/.."
IMAGE=localhost/spades-scorekeeper:test
BASE=debian:bookworm-slim
WORK=build/image-test
PYTHON=${PYTHON:-.venv/bin/python}
started=$(date +%s)

banner() {
  echo
  echo "!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!"
  echo "!!! $*"
  echo "!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!"
  echo
}
skip() {
  banner "IMAGE TEST SKIPPED: the container image was NOT built or checked: $*"
  exit 0
}

sh scripts/image-deps.sh || skip "podman and debootstrap could not be installed"
for tool in podman debootstrap unshare chroot; do
  command -v "$tool" >/dev/null 2>&1 || skip "$tool is missing"
done
[ "$(id -u)" -eq 0 ] || skip "the image's file system is mounted and chrooted into: needs root"
podman info >/dev/null 2>&1 || skip "podman does not work here: $(podman info 2>&1 | tail -1)"
mkdir -p "$WORK"

# The base: Debian bookworm's minimal system, from the mirror apt uses here.
if ! podman image exists "$BASE"; then
  mirror=$(sed -n 's/^URIs: *\([^ ]*\/debian\/*\)$/\1/p' /etc/apt/sources.list.d/*.sources \
    2>/dev/null | head -1)
  [ -n "$mirror" ] || mirror=$(sed -n 's/^deb \(\[[^]]*\] \)\{0,1\}\([^ ]*\) bookworm .*/\2/p' \
    /etc/apt/sources.list 2>/dev/null | head -1)
  [ -n "$mirror" ] || skip "no Debian mirror found in apt's sources for debootstrap"
  rootfs="$WORK/base-rootfs"
  rm -rf "$rootfs"
  echo "making $BASE with debootstrap --variant=minbase bookworm"
  base_started=$(date +%s)
  if ! debootstrap --variant=minbase bookworm "$rootfs" "$mirror" >"$WORK/debootstrap.log" 2>&1
  then
    tail -5 "$WORK/debootstrap.log"
    rm -rf "$rootfs"
    skip "debootstrap could not make the base (log above)"
  fi
  rm -rf "$rootfs"/var/cache/apt/archives/*.deb "$rootfs"/var/lib/apt/lists/*
  tar -C "$rootfs" -c . | podman import - "$BASE" >/dev/null
  rm -rf "$rootfs"
  echo "base made in $(( $(date +%s) - base_started )) s"
fi

# pip's CA bundle and index as configured on this machine (nothing is written into the files).
pip_cert=${PIP_CERT:-$($PYTHON -m pip config get global.cert 2>/dev/null || true)}
pip_index=${PIP_INDEX_URL:-$($PYTHON -m pip config get global.index-url 2>/dev/null || true)}
# docs/deploy.md's build (the one passing a CA bundle, as pip needs here), as written, with
# this machine's bundle if pip names another, and what no container runtime and no registry
# need: --isolation=chroot, --pull=never (and the index pip uses here, if one is set).
doc_build=$($PYTHON tests/deploy/deploy_doc.py "podman build --format docker -v")
doc_bundle=$(echo "$doc_build" | sed -n 's/.* -v \([^ :]*\):\/run\/pip-ca\.pem:ro .*/\1/p')
[ -n "$doc_bundle" ] || { banner "IMAGE TEST FAILED: no CA bundle in: $doc_build"; exit 1; }
# The docs' upgrade, `docker compose up -d --build`, is this build (no Docker engine here),
# then the server started from the new image as `docker compose up -d` is (tests/image).
$PYTHON tests/deploy/deploy_doc.py --inline "docker compose up -d --build" >/dev/null || {
  banner "IMAGE TEST FAILED: docs/deploy.md no longer says docker compose up -d --build"
  exit 1
}
if [ -n "$pip_cert" ] && [ -f "$pip_cert" ]; then
  doc_build=$(echo "$doc_build" | sed "s#-v $doc_bundle:#-v $(realpath "$pip_cert"):#")
fi
case "$pip_index" in
  http*) set -- --build-arg "PIP_INDEX_URL=$pip_index" ;;
  *) set -- ;;
esac
set -f  # the docs' command split into its words, never globbed
set -- --isolation=chroot --pull=never --tag "$IMAGE" "$@" ${doc_build#podman build }
set +f
echo "building $IMAGE: podman build $*"
build_started=$(date +%s)
podman build "$@" >"$WORK/build.log" 2>&1 || {
  tail -30 "$WORK/build.log"
  banner "IMAGE TEST FAILED: the Dockerfile did not build (log: $WORK/build.log)"
  exit 1
}
build_seconds=$(( $(date +%s) - build_started ))
podman image inspect "$IMAGE" >"$WORK/image.json"
size=$(podman image inspect --format '{{.Size}}' "$IMAGE")

# A container created (never run) gives a writable copy of the image's file system.
container=$(podman create "$IMAGE")
cleanup() {
  podman unmount "$container" >/dev/null 2>&1 || true
  podman rm --force --volumes "$container" >/dev/null 2>&1 || true  # and its /data volume
  podman image prune --force >/dev/null 2>&1 || true  # earlier builds' untagged images
}
trap cleanup EXIT
root=$(podman mount "$container")

status=0
SCOREKEEPER_IMAGE_ROOT="$root" SCOREKEEPER_IMAGE_CONFIG="$WORK/image.json" \
  $PYTHON -m pytest -p no:randomly tests/image -v || status=$?
# docs/deploy.md's Caddyfile, now that caddy is installed, and the Raspberry Pi's Compose 1.29
# (its commands' options, compose.yaml's volume name), now that docker-compose is (each skipped
# in `make test` without them)
$PYTHON -m pytest -p no:randomly tests/deploy/test_deploy_docs.py -v \
  -k "caddyfile or pi_route or gives_the_volume" || status=$?
# docs/deploy.md's `pipx install .`, for real (it downloads: not in `make test`)
SCOREKEEPER_PIPX_TEST=1 $PYTHON -m pytest -p no:randomly tests/deploy/test_pipx_real.py -v \
  || status=$?
echo "image test: build ${build_seconds} s, image $(( size / 1000000 )) MB," \
  "all $(( $(date +%s) - started )) s"
[ "$status" -eq 0 ] || banner "IMAGE TEST FAILED: see above"
exit "$status"
