"""The round clock as a value: time left at any moment, and what pause, resume, extend and
restart do (table-driven, and as properties over any sequence of actions)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.events import Clock, clock_text
from scorekeeper.events.clock import MAX_SECONDS

T0 = 1_700_000_000.0


@pytest.mark.parametrize(
    "seconds, text",
    [(0, "0:00"), (9, "0:09"), (60, "1:00"), (2700, "45:00"), (3900, "1:05:00"), (-5, "0:00")],
)
def test_the_time_left_as_a_clock_shows_it(seconds, text):
    assert clock_text(seconds) == text


def test_a_clock_counts_down_and_stops_at_zero():
    clock = Clock.start(45 * 60, T0)
    assert clock.remaining(T0) == 2700
    assert clock.remaining(T0 + 60.2) == 2640  # rounded up: 2639.8 seconds are "44:00"
    assert clock.remaining(T0 + 2699.5) == 1
    assert clock.remaining(T0 + 2700) == 0
    assert clock.remaining(T0 + 99_999) == 0


def test_pause_keeps_the_time_and_resume_counts_on_from_it():
    clock = Clock.start(600, T0).pause(T0 + 100)
    assert clock.paused and clock.remaining(T0 + 5000) == 500
    running = clock.resume(T0 + 5000)
    assert not running.paused and running.remaining(T0 + 5100) == 400
    assert running.resume(T0 + 5200) is running  # resuming a running clock changes nothing


def test_extend_adds_time_running_paused_or_past_zero():
    assert Clock.start(600, T0).extend(300, T0 + 100).remaining(T0 + 100) == 800
    assert Clock.start(600, T0).pause(T0).extend(60, T0 + 9).remaining(T0 + 999) == 660
    assert Clock.start(60, T0).extend(300, T0 + 1000).remaining(T0 + 1000) == 300


def test_restart_is_the_whole_time_again_from_now():
    clock = Clock.start(600, T0).pause(T0 + 50).restart(900, T0 + 70)
    assert not clock.paused and clock.remaining(T0 + 70) == 900


def test_a_clock_is_running_or_paused_never_both():
    with pytest.raises(ValueError):
        Clock()
    with pytest.raises(ValueError):
        Clock(deadline=T0, left=3)


ACTIONS = st.lists(
    st.tuples(
        st.sampled_from(["pause", "resume", "extend", "restart", "wait"]),
        st.integers(0, 4000),
    ),
    max_size=30,
)


@given(start=st.integers(0, MAX_SECONDS), actions=ACTIONS)
def test_the_time_left_is_never_negative_never_past_a_day_and_stands_still_while_paused(
    start, actions
):
    now, clock = T0, Clock.start(start, T0)
    for action, n in actions:
        if action == "wait":
            before = clock.remaining(now)
            now += n
            after = clock.remaining(now)
            assert after == before if clock.paused else after == max(0, before - n)
        elif action == "extend":
            clock = clock.extend(n, now)
        elif action == "restart":
            clock = clock.restart(n, now)
        else:
            clock = getattr(clock, action)(now)
        assert 0 <= clock.remaining(now) <= MAX_SECONDS
