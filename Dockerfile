# Spades Scorekeeper as a container image (docs/deploy.md). Debian's bookworm, slim: WeasyPrint's
# Pango and the fonts come from Debian's packages; the app and its libraries from the locked
# requirements (exact versions, checked by hash). Nothing here is tied to one processor: the
# same file builds on arm64 (a Raspberry Pi) as on x86-64.
FROM debian:bookworm-slim

# Behind a TLS-inspecting proxy (some clubs' and schools' networks), pip needs that proxy's CA:
# pass the bundle in at build time and name it here, e.g. with podman
#   podman build -v /etc/ssl/certs/ca-certificates.crt:/run/pip-ca.pem:ro \
#     --build-arg PIP_CERT=/run/pip-ca.pem -t spades-scorekeeper .
# Left empty, pip uses its own certificates and the default index.
ARG PIP_CERT=""
ARG PIP_INDEX_URL=""
ARG DEBIAN_FRONTEND=noninteractive

# apt's lists and its cache (the packages downloaded, its package cache files: about 97 MB)
# removed in the same layer that made them, or the image would keep them.
RUN apt-get update \
    && apt-get install -y --no-install-recommends \
        python3 python3-venv \
        libpango-1.0-0 libpangoft2-1.0-0 libharfbuzz-subset0 fonts-dejavu-core \
    && apt-get clean \
    && rm -rf /var/lib/apt/lists/* /var/cache/apt/*

# The locked libraries first (a layer kept while only the app changes), then the app itself.
COPY requirements/app.txt /tmp/app.txt
RUN [ -n "$PIP_CERT" ] || unset PIP_CERT; [ -n "$PIP_INDEX_URL" ] || unset PIP_INDEX_URL; \
    python3 -m venv /opt/scorekeeper \
    && /opt/scorekeeper/bin/pip install --no-cache-dir --disable-pip-version-check \
        --require-hashes -r /tmp/app.txt \
    && rm /tmp/app.txt
COPY pyproject.toml README.md /tmp/src/
COPY scorekeeper /tmp/src/scorekeeper
COPY templates /tmp/src/templates
COPY static /tmp/src/static
COPY docs/stats.md /tmp/src/docs/stats.md
RUN /opt/scorekeeper/bin/pip install --no-cache-dir --disable-pip-version-check \
        --no-deps --no-build-isolation /tmp/src \
    && rm -rf /tmp/src

# A user of its own (not root); every piece of data under one volume: the database, its secret
# key and its backups. Caches are no data: fontconfig's (WeasyPrint's fonts) goes in a folder
# of the user's own outside the volume (XDG_CACHE_HOME), not in $HOME (which is /data) and not
# nowhere (without one it says "No writable cache directories" for every font folder).
RUN useradd --system --uid 1000 --user-group --home-dir /data --shell /usr/sbin/nologin \
        scorekeeper \
    && mkdir -p /data /var/cache/scorekeeper \
    && chown scorekeeper:scorekeeper /data /var/cache/scorekeeper \
    && chmod 700 /data /var/cache/scorekeeper
VOLUME /data
ENV SCOREKEEPER_DATA_DIR=/data \
    XDG_CACHE_HOME=/var/cache/scorekeeper \
    PYTHONUNBUFFERED=1
USER scorekeeper
WORKDIR /data
EXPOSE 8000

# Python, not curl: a slim image has no curl.
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
    CMD ["/opt/scorekeeper/bin/python", "-c", "import urllib.request; urllib.request.urlopen('http://127.0.0.1:8000/healthz', timeout=4)"]

ENTRYPOINT ["/opt/scorekeeper/bin/scorekeeper"]
CMD ["serve", "--host", "0.0.0.0", "--port", "8000"]
