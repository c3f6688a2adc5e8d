"""The health probe answered beside the phones' requests, never behind them.

waitress reads every connection in one I/O thread and hands each whole request to its task
dispatcher, a queue in front of its pool of threads (``--threads``, 8). When a room of phones
keeps every thread busy, a request waits in that queue for one to be free: measured with eight
phones saving hands (bench/bench_backup.py), /healthz answered in 5.8 ms at the median but
331 ms at the 99th percentile. A container's HEALTHCHECK, a service manager or a proxy asking
whether the server is alive would be timing the queue, and could call a busy server dead.

So the dispatcher given to waitress sends a probe (``GET`` or ``HEAD`` of
:data:`scorekeeper.config.HEALTH_PATH`) to a thread of its own: it runs the app's own
``/healthz`` route (the same database read, headers and answer as ever) at once, whatever the
other threads are doing. Everything else is queued exactly as waitress queues it. One thread is
enough: a probe is one small read (docs/deploy.md: "Health check"), and a flood of probes waits
in its own queue, never in the phones'. Measured again with the benchmark's probes in a process
of their own (as a HEALTHCHECK is), 3 runs each on this 2-core machine: p99 209 -> 104 ms with
eight phones, 664 -> 158 ms with sixteen (p50 46 -> 11 ms). What is left is the machine's two
cores shared with the phones, not a queue: an idle process's answers (the benchmark's floor)
reached 25-45 ms at p99 meanwhile.

Why not answer in the I/O thread itself, before anything is queued: the probe reads the
database, and a read that has to wait there (a slow SD card on a Pi, a WAL being recovered, a
``scorekeeper restore`` holding the file) would stall every connection of the process, the
phones' included. The I/O thread only looks at the request's method and path, which waitress
has already parsed.

Each serving process (each of ``--workers N``) makes its own dispatcher, in the process itself:
threads do not survive a fork.
"""

from __future__ import annotations

from typing import Any

from waitress.task import ThreadedTaskDispatcher

from scorekeeper.config import HEALTH_PATH

PROBE_METHODS = ("GET", "HEAD")


def is_probe(channel: Any) -> bool:
    """Whether the next request waitress has for ``channel`` (one connection) is a health
    probe. waitress calls ``add_task`` with the channel's requests lock held and its next
    request first in ``channel.requests``."""
    requests = getattr(channel, "requests", None)
    if not requests:
        return False
    request = requests[0]
    return (
        request.error is None and request.command in PROBE_METHODS and request.path == HEALTH_PATH
    )


class ProbeLaneDispatcher(ThreadedTaskDispatcher):
    """waitress's task dispatcher with ``threads`` threads for the app's requests, and one more
    for health probes alone."""

    def __init__(self, threads: int) -> None:
        super().__init__()
        self.set_thread_count(threads)
        self.probes = ThreadedTaskDispatcher()
        self.probes.set_thread_count(1)

    def add_task(self, task: Any) -> None:
        if is_probe(task):
            self.probes.add_task(task)
        else:
            super().add_task(task)

    def shutdown(self, cancel_pending: bool = True, timeout: float = 5) -> bool:
        self.probes.shutdown(cancel_pending, timeout)
        done: bool = super().shutdown(cancel_pending, timeout)
        return done


__all__ = ["PROBE_METHODS", "ProbeLaneDispatcher", "is_probe"]
