"""The backup benchmark runs small: both servers serve every hand, the backing-up one writes
its backups meanwhile, /healthz answers throughout. Figures are printed, never checked, and
nothing here waits on a time: each phase runs until what it needs has happened (its hands,
its backups, the probes under the write lock), however loaded the machine."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_backup_benchmark_plays_its_hands_and_prints_its_figures():
    small = ["--phones", "2", "--hands", "2", "--megabytes", "1", "--repeat", "1"]
    small += ["--seconds", "0.5", "--backups", "1"]
    done = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "bench_backup.py"), *small],
        capture_output=True, text=True, timeout=300, cwd=ROOT,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    out = done.stdout
    # the phones play their hands, and on for the phase's half second and, backing up, until
    # the server has written a backup meanwhile
    for label in ("quiet     ", "backing up"):
        cycles = re.search(rf"{label}: (\d+) hand cycles", out)
        assert cycles and int(cycles.group(1)) >= 4, out
    written = re.search(r"during its phases: (\d+)", out)
    assert written and int(written.group(1)) >= 1
    assert "/healthz under load:" in out
    # every probe asked while the writer held the lock answered (bench_backup.LOCKED_PROBES):
    # the lock was held a fixed second, so a loaded machine could let it pass with no probe in
    # it, and this line was not printed
    assert "/healthz while a writer held the lock: 50 answers, p50" in out, out
    assert "baseline, /static/icon.svg" in out and "floor, an idle process" in out
