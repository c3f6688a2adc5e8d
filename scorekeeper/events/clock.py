"""A round's clock, as a value: how long is left, and what pausing, extending and restarting it
do. Pure: the time ``now`` (seconds since the epoch) is always given by the caller, so the
same value answers the same at any moment it is asked about.

A clock runs towards a ``deadline`` (the moment it reaches zero), or is paused with ``left``
seconds to go; exactly one of the two is set. The store keeps the two numbers; the pages
count down from what :meth:`Clock.remaining` says at the moment they are drawn.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import ceil

MAX_SECONDS = 24 * 60 * 60  # a clock holds at most a day (a round is at most 600 minutes)
MAX_EXTEND_MINUTES = 120  # the most one "extend" adds


@dataclass(frozen=True)
class Clock:
    """A running clock (``deadline`` set) or a paused one (``left`` set)."""

    deadline: float | None = None
    left: int | None = None

    def __post_init__(self) -> None:
        if (self.deadline is None) == (self.left is None):
            raise ValueError("a clock either runs to a deadline or is paused with time left")

    @classmethod
    def start(cls, seconds: int, now: float) -> Clock:
        """A clock of ``seconds`` running from ``now``."""
        return cls(deadline=now + _bounded(seconds))

    @property
    def paused(self) -> bool:
        return self.left is not None

    def remaining(self, now: float) -> int:
        """Whole seconds left (rounded up, so "0" means the time is really up), never below 0."""
        if self.left is not None:
            return self.left
        assert self.deadline is not None  # noqa: S101 -- __post_init__ makes it so
        return max(0, min(MAX_SECONDS, ceil(self.deadline - now)))

    def pause(self, now: float) -> Clock:
        """Stop counting, keeping the time left (a paused clock stays as it is)."""
        return self if self.paused else Clock(left=self.remaining(now))

    def resume(self, now: float) -> Clock:
        """Count on from the time kept (a running clock stays as it is)."""
        return Clock(deadline=now + self.left) if self.left is not None else self

    def extend(self, seconds: int, now: float) -> Clock:
        """Add time, running or paused; a clock already at zero runs again from now."""
        if self.left is not None:
            return Clock(left=_bounded(self.left + seconds))
        return Clock(deadline=now + _bounded(self.remaining(now) + seconds))

    def restart(self, seconds: int, now: float) -> Clock:
        """The whole round's time again, running from now."""
        return Clock.start(seconds, now)


def _bounded(seconds: int) -> int:
    return max(0, min(MAX_SECONDS, int(seconds)))


def clock_text(seconds: int) -> str:
    """Time left as a clock shows it: "45:00", "0:09", "1:05:00"."""
    seconds = max(0, int(seconds))
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    if hours:
        return f"{hours}:{minutes:02d}:{secs:02d}"
    return f"{minutes}:{secs:02d}"


__all__ = ["MAX_EXTEND_MINUTES", "MAX_SECONDS", "Clock", "clock_text"]
